import { VENDOR_DOCUMENT_MAX_BYTES } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../shared/format/file-size';
import { DOCUMENT_MESSAGES, vendorDocumentProblem } from './vendor-documents';

const file = (name: string, type: string, size = 1024) => new File([new Uint8Array(size)], name, { type });

describe('a vendor document (docs/api.md: PDF, PNG or JPEG, at most 5 MB)', () => {
  it('accepts PDF, PNG and JPEG files whose name and type agree', () => {
    expect(vendorDocumentProblem(file('licence.pdf', 'application/pdf'))).toBeNull();
    expect(vendorDocumentProblem(file('licence.PNG', 'image/png'))).toBeNull();
    expect(vendorDocumentProblem(file('id.jpg', 'image/jpeg'))).toBeNull();
    expect(vendorDocumentProblem(file('id.jpeg', 'image/jpeg'))).toBeNull();
    // A browser that knows no type: the extension decides (the server reads the bytes anyway).
    expect(vendorDocumentProblem(file('id.jpeg', ''))).toBeNull();
  });

  it('refuses other types, and names that disagree with the type', () => {
    expect(vendorDocumentProblem(file('scan.gif', 'image/gif'))).toBe(DOCUMENT_MESSAGES.wrongType);
    expect(vendorDocumentProblem(file('scan.docx', ''))).toBe(DOCUMENT_MESSAGES.wrongType);
    expect(vendorDocumentProblem(file('scan.pdf', 'image/png'))).toBe(DOCUMENT_MESSAGES.wrongType);
    expect(vendorDocumentProblem(file('scan', 'application/pdf'))).toBe(DOCUMENT_MESSAGES.wrongType);
  });

  it('refuses a file over 5 MB, an empty one, and none', () => {
    expect(vendorDocumentProblem(file('a.pdf', 'application/pdf', VENDOR_DOCUMENT_MAX_BYTES))).toBeNull();
    expect(vendorDocumentProblem(file('a.pdf', 'application/pdf', VENDOR_DOCUMENT_MAX_BYTES + 1))).toBe(
      'The file is larger than 5 MB',
    );
    expect(vendorDocumentProblem(file('a.pdf', 'application/pdf', 0))).toBe('The file is empty');
    expect(vendorDocumentProblem(null)).toBe('Attach this document');
  });
});

describe('formatFileSize', () => {
  it('reads as people read sizes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(VENDOR_DOCUMENT_MAX_BYTES)).toBe('5 MB');
    expect(formatFileSize(123 * 1024 * 1024)).toBe('123 MB');
  });
});
