import type { VendorDocument, VendorSubmission } from '@skydesk/contract';
import { ExternalLink, FileText, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { formatInstant } from '../../../shared/format/date-time';
import { formatFileSize } from '../../../shared/format/file-size';
import { useOpenVendorDocument } from '../open-document';
import { DOCUMENT_LABELS } from '../vendor-documents';

/** What was sent for review: when, the numbers, the documents (each opens in a new tab). */
export function VendorSubmissionDetails({ submission }: { submission: VendorSubmission }) {
  return (
    <div className="space-y-5">
      <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
        <Detail label="Submitted">
          <time dateTime={submission.submitted_at}>{formatInstant(submission.submitted_at)}</time>
        </Detail>
        <Detail label="Trade licence number">{submission.trade_license_number}</Detail>
        <Detail label="Tax number">{submission.tax_number}</Detail>
        <Detail label="IATA number">{submission.iata_number ?? 'Not given'}</Detail>
      </dl>
      <div>
        <h3 className="font-medium text-slate-800 text-sm">Documents</h3>
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {submission.documents.map((document) => (
            <DocumentRow key={document.id} document={document} />
          ))}
        </ul>
      </div>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function DocumentRow({ document }: { document: VendorDocument }) {
  const [opening, setOpening] = useState(false);
  const openVendorDocument = useOpenVendorDocument();
  const Icon = document.content_type === 'application/pdf' ? FileText : ImageIcon;
  const open = async () => {
    setOpening(true);
    await openVendorDocument(document.id);
    setOpening(false);
  };
  return (
    <li className="flex items-center gap-3 p-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900 text-sm">{DOCUMENT_LABELS[document.kind].title}</p>
        <p className="truncate text-slate-500 text-xs" title={document.file_name}>
          {document.file_name} · {formatFileSize(document.size)}
        </p>
      </div>
      <button
        type="button"
        onClick={open}
        aria-label={`Open ${DOCUMENT_LABELS[document.kind].title}`}
        disabled={opening}
        aria-busy={opening || undefined}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2.5 py-1.5 font-medium text-indigo-700 text-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50"
      >
        Open
        <ExternalLink aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
