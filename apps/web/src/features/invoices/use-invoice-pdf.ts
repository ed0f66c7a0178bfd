import { useState } from 'react';
import { saveAs } from '../../shared/files/save-file';
import { invoicesApi } from './invoices-api';

/** Downloads an invoice's PDF as `<number>.pdf`; which one is on its way, for the button's spinner. */
export function useInvoicePdf(): {
  download: (invoice: { id: string; number: string }) => Promise<void>;
  busyId: string | null;
} {
  const [fetchPdf] = invoicesApi.useInvoicePdfMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const download = async (invoice: { id: string; number: string }) => {
    setBusyId(invoice.id);
    try {
      const url = await fetchPdf({ params: { id: invoice.id } }).unwrap();
      saveAs(url, `${invoice.number}.pdf`);
    } catch {
      // The call has told the user.
    } finally {
      setBusyId(null);
    }
  };
  return { download, busyId };
}
