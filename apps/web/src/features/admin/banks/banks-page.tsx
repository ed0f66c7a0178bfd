import { type AdminBank, EMPTY_RESULT } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Archive, Landmark, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatInstant } from '../../../shared/format/date-time';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { adminApi } from '../admin-api';
import { ADMIN_SUCCESS } from '../admin-labels';
import { ListSkeleton } from '../components/list-states';
import { BankFormDialog } from './bank-form-dialog';

/** "AE070331234567890123456" → "AE07 0331 2345 6789 0123 456", as IBANs are printed. */
const printedIban = (iban: string) => iban.match(/.{1,4}/g)?.join(' ') ?? iban;

/** /admin/banks: the accounts agencies deposit into — add, edit, retire (never deleted). */
export function BanksPage() {
  const { currentData: banks, isError, refetch } = adminApi.useBanksQuery();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminBank | null>(null);
  const [retiring, setRetiring] = useState<AdminBank | null>(null);

  const live = banks?.filter((bank) => !bank.retired_at) ?? [];
  const retired = banks?.filter((bank) => bank.retired_at) ?? [];

  return (
    <div className="mx-auto w-full max-w-5xl space-y-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <p className="text-slate-600 text-sm">
          Agencies deposit into these accounts. A retired account takes no new deposits; the ones made keep
          naming it.
        </p>
        <Button onClick={() => setAdding(true)} className="shrink-0">
          <Plus aria-hidden="true" className="size-4" />
          Add account
        </Button>
      </div>

      {isError ? (
        <LoadFailed title="The bank accounts could not be loaded" onRetry={() => void refetch()} />
      ) : !banks ? (
        <ListSkeleton label="Loading bank accounts" rows={3} />
      ) : banks.length === 0 ? (
        <EmptyState icon={Landmark} title={EMPTY_RESULT.noBanks}>
          Add the first account agencies can deposit into.
        </EmptyState>
      ) : (
        <>
          <BankList title="Live" banks={live} onEdit={setEditing} onRetire={setRetiring} />
          <BankList title="Retired" banks={retired} />
        </>
      )}

      <BankFormDialog open={adding} onOpenChange={setAdding} />
      {editing && (
        <BankFormDialog
          key={editing.id}
          open
          bank={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      )}
      <RetireDialog bank={retiring} onClose={() => setRetiring(null)} />
    </div>
  );
}

type BankListProps = {
  title: string;
  banks: AdminBank[];
  onEdit?: (bank: AdminBank) => void;
  onRetire?: (bank: AdminBank) => void;
};

function BankList({ title, banks, onEdit, onRetire }: BankListProps) {
  if (banks.length === 0) return null;
  const id = `banks-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-500">({banks.length})</span>
      </h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {banks.map((bank) => (
          <li
            key={bank.id}
            aria-label={bank.bank}
            className={clsx(
              'flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5',
              bank.retired_at && 'bg-slate-50/70',
            )}
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                {bank.bank}
                {bank.retired_at && <Badge tone="slate">Retired {formatInstant(bank.retired_at)}</Badge>}
              </p>
              <p className="text-slate-600 text-sm">{bank.account_title}</p>
              <p className="break-all font-mono text-slate-500 text-xs">
                {bank.account_number}
                {bank.iban && ` · IBAN ${printedIban(bank.iban)}`}
              </p>
            </div>
            {onEdit && onRetire && (
              <div className="flex shrink-0 gap-2">
                <Button variant="secondary" onClick={() => onEdit(bank)} aria-label={`Edit ${bank.bank}`}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </Button>
                <Button variant="ghost" onClick={() => onRetire(bank)} aria-label={`Retire ${bank.bank}`}>
                  <Archive aria-hidden="true" className="size-4" />
                  Retire
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RetireDialog({ bank, onClose }: { bank: AdminBank | null; onClose: () => void }) {
  const [retire, { isLoading }] = adminApi.useRetireBankMutation();
  const confirm = async () => {
    if (!bank) return;
    try {
      await retire({ params: { id: bank.id } }).unwrap();
      toast.success(ADMIN_SUCCESS.bankRetired);
      onClose();
    } catch {
      // Toasted by the client.
    }
  };
  return (
    <Modal
      open={bank !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={bank ? `Retire ${bank.bank}` : 'Retire'}
      description="Agencies can no longer choose it for a deposit. Deposits made into it keep naming it."
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" busy={isLoading} onClick={confirm}>
          Retire account
        </Button>
      </div>
    </Modal>
  );
}
