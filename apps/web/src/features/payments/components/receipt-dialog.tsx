import * as Dialog from '@radix-ui/react-dialog';
import { Download, FileText, RefreshCw, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { paymentsApi } from '../payments-api';

/** Which receipt to show: the deposit's id, and what is known of it (from the list, or nothing). */
export type ReceiptToShow = { id: string; fileName?: string; reference?: string };

/** PDF or picture, by the file's name; unnamed, it is tried as a picture first (see ReceiptFile). */
const looksLikePdf = (fileName: string | undefined) => Boolean(fileName?.toLowerCase().endsWith('.pdf'));

/**
 * A deposit's receipt in the page — a picture as a picture, a PDF in the browser's viewer. The
 * receipt needs the session's Bearer token, which an <img> or a frame cannot send: it is fetched
 * and shown from an object URL, revoked when the dialog closes.
 */
export function ReceiptDialog({ receipt, onClose }: { receipt: ReceiptToShow | null; onClose: () => void }) {
  return (
    <Dialog.Root open={receipt !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]" />
        <Dialog.Content className="dialog-content fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[820px] overflow-hidden max-w-[calc(100vw-1rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-slate-200 bg-white shadow-2xl">
          <div className="flex items-start justify-between gap-4 border-slate-200 border-b px-4 py-3 sm:px-5">
            <div className="min-w-0">
              <Dialog.Title className="font-semibold text-slate-900">
                {receipt?.reference ? `Receipt of ${receipt.reference}` : 'Deposit receipt'}
              </Dialog.Title>
              <Dialog.Description className="truncate text-slate-500 text-xs">
                {receipt?.fileName ?? 'The receipt you sent with the deposit'}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mr-1 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {receipt && <ReceiptFile receipt={receipt} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReceiptFile({ receipt }: { receipt: ReceiptToShow }) {
  const [fetchReceipt] = paymentsApi.useTransactionReceiptMutation();
  const [url, setUrl] = useState<string | null>(null);
  const [asPdf, setAsPdf] = useState(looksLikePdf(receipt.fileName));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    let current = true;
    let objectUrl: string | null = null;
    setFailed(false);
    setUrl(null);
    fetchReceipt({ params: { id: receipt.id } })
      .unwrap()
      .then((answer) => {
        objectUrl = answer;
        if (current) setUrl(answer);
        else URL.revokeObjectURL(answer);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [receipt.id, attempt, fetchReceipt]);

  return (
    <div className="flex min-h-72 flex-1 flex-col overflow-auto bg-slate-100">
      {failed ? (
        <div className="m-auto p-6 text-center text-slate-600 text-sm">
          <FileText aria-hidden="true" className="mx-auto mb-2 size-8 text-slate-400" />
          <p>The receipt could not be loaded.</p>
          <Button variant="secondary" className="mt-3" onClick={() => setAttempt((n) => n + 1)}>
            <RefreshCw aria-hidden="true" className="size-4" /> Try again
          </Button>
        </div>
      ) : !url ? (
        <div className="m-auto">
          <Spinner label="Loading the receipt" />
        </div>
      ) : (
        <>
          {asPdf ? (
            <iframe src={url} title="Receipt" className="h-[70dvh] w-full border-0 bg-white" />
          ) : (
            // A receipt opened from the statement has no name: a picture that does not decode is a PDF.
            <img
              src={url}
              alt="Receipt"
              onError={() => setAsPdf(true)}
              className="m-auto max-h-[70dvh] max-w-full object-contain"
            />
          )}
          <div className="flex justify-end border-slate-200 border-t bg-white px-4 py-2">
            <a href={url} download={receipt.fileName ?? 'receipt'} className={buttonClasses('ghost')}>
              <Download aria-hidden="true" className="size-4" /> Download
            </a>
          </div>
        </>
      )}
    </div>
  );
}
