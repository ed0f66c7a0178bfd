import type { AdminDeposit } from '@skydesk/contract';
import { adminPaymentsApi } from '../admin-payments-api';
import { FileViewer } from '../components/file-viewer';

/** A deposit's receipt in the page (a picture, or a PDF in a frame), with a button to save it. */
export function DepositReceipt({ deposit }: { deposit: AdminDeposit }) {
  const [fetchView] = adminPaymentsApi.useDepositReceiptViewMutation();
  const [fetchReceipt] = adminPaymentsApi.useDepositReceiptMutation();
  const params = { id: deposit.id };
  return (
    <FileViewer
      title="Receipt"
      fileName={deposit.receipt.file_name}
      contentType={deposit.receipt.content_type}
      size={deposit.receipt.size}
      fileKey={deposit.id}
      frameClassName="h-[28rem] sm:h-[40rem]"
      imageClassName="max-h-[40rem]"
      fetchFile={(download) =>
        download
          ? fetchReceipt({ params, query: { download: 'true' } }).unwrap()
          : fetchView({ params }).unwrap()
      }
    />
  );
}
