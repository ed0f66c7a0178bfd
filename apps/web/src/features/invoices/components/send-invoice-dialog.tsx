import { SendInvoiceBody } from '@skydesk/contract';
import { Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-hot-toast';
import { isApiFailure } from '../../../shared/http/api-error';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import { invoicesApi } from '../invoices-api';

type SendInvoiceDialogProps = {
  invoice: { id: string; number: string; client: { email: string | null } } | null;
  onClose: () => void;
};

/** E-mails an invoice or credit note (PDF attached): to the client's address unless another is typed. */
export function SendInvoiceDialog({ invoice, onClose }: SendInvoiceDialogProps) {
  return (
    <Modal
      open={invoice !== null}
      onOpenChange={(next) => !next && onClose()}
      title={invoice ? `Send ${invoice.number} by e-mail` : 'Send by e-mail'}
      description="The document goes as a PDF attachment."
    >
      {invoice && <SendForm key={invoice.id} invoice={invoice} onClose={onClose} />}
    </Modal>
  );
}

function SendForm({
  invoice,
  onClose,
}: {
  invoice: NonNullable<SendInvoiceDialogProps['invoice']>;
  onClose: () => void;
}) {
  const [to, setTo] = useState(invoice.client.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = invoicesApi.useSendInvoiceMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = to.trim();
    if (!address && !invoice.client.email) return setError('Enter the client’s e-mail');
    const body = address ? { to: address } : {};
    const parsed = SendInvoiceBody.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a valid email');
    setError(null);
    try {
      await send({ params: { id: invoice.id }, body }).unwrap();
      toast.success(`${invoice.number} sent to ${address || invoice.client.email}`);
      onClose();
    } catch (failure) {
      if (!isApiFailure(failure)) throw failure;
      setError(failure.fieldErrors?.to?.[0] ?? failure.message);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextField
        label="To"
        type="email"
        value={to}
        error={error ?? undefined}
        onChange={(event) => setTo(event.target.value)}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" busy={isLoading}>
          <Mail aria-hidden="true" className="size-4" /> Send
        </Button>
      </div>
    </form>
  );
}
