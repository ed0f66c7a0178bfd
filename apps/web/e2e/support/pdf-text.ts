import { getDocumentProxy } from 'unpdf';

/**
 * A PDF's text, its runs joined by spaces, page after page: enough to find what a document prints
 * (a PNR, a seat, an EMD number). unpdf is the server tests' reader (apps/server), hoisted here.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(pdf);
  const runs: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) runs.push(item.str);
  }
  return runs.join(' ');
}
