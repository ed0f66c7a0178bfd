import type { AdminDocument, VendorDocumentKind } from '@skydesk/contract';
import { adminApi } from '../admin-api';
import { FileViewer } from '../components/file-viewer';

export const DOCUMENT_TITLES: Record<VendorDocumentKind, string> = {
  trade_license: 'Trade licence',
  owner_id_document: "Owner's ID document",
};

type DocumentViewerProps = { companyId: string; document: AdminDocument };

/** One vendor document shown in the page (a picture, or a PDF in a frame), with a button to save it. */
export function DocumentViewer({ companyId, document }: DocumentViewerProps) {
  const [fetchView] = adminApi.useAgencyDocumentViewMutation();
  const [fetchDocument] = adminApi.useAgencyDocumentMutation();
  const params = { id: companyId, document_id: document.id };
  return (
    <FileViewer
      title={DOCUMENT_TITLES[document.kind]}
      fileName={document.file_name}
      contentType={document.content_type}
      size={document.size}
      fileKey={`${companyId}/${document.id}`}
      fetchFile={(download) =>
        download
          ? fetchDocument({ params, query: { download: 'true' } }).unwrap()
          : fetchView({ params }).unwrap()
      }
    />
  );
}
