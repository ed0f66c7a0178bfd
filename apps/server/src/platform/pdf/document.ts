import PDFDocument from 'pdfkit';
import { FACES, type Face, faces } from './fonts.js';
import { MARGIN } from './sheet.js';

/** What a document says of itself in its PDF properties. */
export type DocumentInfo = { title: string; author: string; subject: string; generatedAt: Date };

/**
 * An A4 document as every client document of the portal starts (e-ticket, quote, invoice): the
 * bottom margin smaller than the content area's on purpose — pdfkit adds pages itself when text
 * crosses it, and only `Sheet.ensure` is to decide page breaks —, pages buffered for the footers
 * drawn at the end, our faces registered and the regular one the default (so pdfkit never loads its
 * Helvetica metrics). `bytes` resolves with the file once the caller ends the document.
 */
export function openDocument(info: DocumentInfo): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const loaded = faces();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 10, left: MARGIN, right: MARGIN },
    bufferPages: true,
    font: loaded.regular.path,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Creator: 'SkyDesk',
      CreationDate: info.generatedAt,
      ModDate: info.generatedAt,
    },
  });
  for (const face of Object.keys(FACES) as Face[]) doc.registerFont(face, loaded[face].data);
  doc.font('regular');
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** An agency's logo (a PNG or JPEG data URL, as its settings keep it) as bytes pdfkit can draw; anything else is none. */
export function logoBytes(logo: string | null): Buffer | null {
  const match = logo ? /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=]+)$/.exec(logo) : null;
  return match?.[2] ? Buffer.from(match[2], 'base64') : null;
}
