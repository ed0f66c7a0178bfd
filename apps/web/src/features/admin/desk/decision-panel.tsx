import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { formatInstant } from '../../../shared/format/date-time';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Modal } from '../../../shared/ui/dialog';
import { ReasonDialog } from '../components/reason-dialog';

type DecisionLook = 'approve' | 'refuse' | 'neutral' | 'primary';

type DecisionBase = {
  key: string;
  /** The button's words: "Approve deposit". */
  label: string;
  icon: LucideIcon;
  look: DecisionLook;
};

/**
 * One way to decide. `decide` says what became of it: it resolves when the decision is done (or
 * moot, decided elsewhere) and the dialog closes; it throws to keep the dialog open for another
 * try, having said why (a toast, or a field error on the reason).
 */
export type Decision = DecisionBase &
  (
    | {
        /** Asked to confirm first, saying what the decision does. */
        confirm: { title: string; description: ReactNode; submitLabel: string };
        decide: () => Promise<void>;
      }
    | {
        /** Asked why: the reason is shown to the agency or kept in the audit log. */
        reason: { title: string; description: string; hint: string; submitLabel: string; danger: boolean };
        decide: (reason: string) => Promise<void>;
      }
  );

const LOOKS: Record<DecisionLook, { variant: 'success' | 'secondary' | 'primary'; className?: string }> = {
  approve: { variant: 'success' },
  refuse: { variant: 'secondary', className: 'text-rose-700' },
  neutral: { variant: 'secondary' },
  primary: { variant: 'primary' },
};

type DecisionPanelProps = {
  /** What deciding does, above the buttons. */
  intro?: ReactNode;
  decisions: Decision[];
  /** A decision made in place rather than behind a button (a refund's amount), above the rest. */
  children?: ReactNode;
  className?: string;
};

/**
 * The decision desks' panel (deposits, refunds, agency review): each decision a button, behind a
 * confirmation that says what it does or a dialog asking for the reason.
 */
export function DecisionPanel({ intro, decisions, children, className }: DecisionPanelProps) {
  const [open, setOpen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dialogOf = (key: string) => ({
    open: open === key,
    onOpenChange: (next: boolean) => setOpen(next ? key : null),
  });

  const confirm = async (decide: () => Promise<void>) => {
    setConfirming(true);
    try {
      await decide();
      setOpen(null);
    } catch {
      // Said by the decision; the dialog stays for another try.
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card title="Decision" className={className}>
      {intro && <div className="mb-4 text-slate-600 text-sm">{intro}</div>}
      {children}
      <div
        className={clsx(
          'flex flex-col gap-2 sm:flex-row lg:flex-col',
          children && 'mt-3 border-slate-100 border-t pt-3',
        )}
      >
        {decisions.map(({ key, label, icon: Icon, look }) => (
          <Button
            key={key}
            variant={LOOKS[look].variant}
            className={clsx('flex-1', LOOKS[look].className)}
            onClick={() => setOpen(key)}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </Button>
        ))}
      </div>

      {decisions.map((decision) =>
        'confirm' in decision ? (
          <Modal
            key={decision.key}
            {...dialogOf(decision.key)}
            title={decision.confirm.title}
            description={decision.confirm.description}
          >
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setOpen(null)}>
                Cancel
              </Button>
              <Button variant="success" busy={confirming} onClick={() => void confirm(decision.decide)}>
                {decision.confirm.submitLabel}
              </Button>
            </div>
          </Modal>
        ) : (
          <ReasonDialog
            key={decision.key}
            {...dialogOf(decision.key)}
            {...decision.reason}
            onSubmit={decision.decide}
          />
        ),
      )}
    </Card>
  );
}

type DecidedCardProps = {
  /** What was decided and what it did: "Approved: US$500.00 credited". */
  outcome: string;
  /** A further word on it ("Less than the … the rules allowed"). */
  note?: ReactNode;
  by: { name: string } | null;
  at: string | null;
  reason: string | null;
  /** What the reason was for, above it. */
  reasonLabel?: string;
};

/** A decided item's decision: what, by whom and when, and the reason given. */
export function DecidedCard({ outcome, note, by, at, reason, reasonLabel }: DecidedCardProps) {
  return (
    <Card title="Decision">
      <p className="font-medium text-slate-900">{outcome}</p>
      {note && <p className="text-slate-600 text-sm">{note}</p>}
      <p className="mt-1 text-slate-500 text-xs">
        {by?.name ?? 'An operator'}
        {at && ` · ${formatInstant(at)}`}
      </p>
      {reason && (
        <div className="mt-3">
          {reasonLabel && <p className="mb-1 text-slate-500 text-xs">{reasonLabel}</p>}
          <p className="whitespace-pre-line rounded-lg bg-slate-50 px-3 py-2 text-slate-700 text-sm ring-1 ring-slate-200">
            {reason}
          </p>
        </div>
      )}
    </Card>
  );
}
