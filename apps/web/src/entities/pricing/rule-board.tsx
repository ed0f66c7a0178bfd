import type { PricingRule, PricingRuleKind } from '@skydesk/contract';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { isApiFailure } from '../../shared/http/api-error';
import { Alert } from '../../shared/ui/alert';
import { Badge } from '../../shared/ui/badge';
import { Button } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import { ConfirmDialog } from '../../shared/ui/dialog';
import { LoadFailed } from '../../shared/ui/load-failed';
import { RULE_CALLS, type RuleOwner } from './pricing-api';
import { RuleEditor } from './rule-editor';
import { ruleMatchWords, ruleValueText } from './rule-words';

type RuleBoardProps = {
  owner: RuleOwner;
  kind: PricingRuleKind;
  title: string;
  /** What the list is for, under its title. */
  intro: string;
  /** The currency of fixed amounts. */
  currency: string;
};

/** The rules of one kind, in their order (position, lowest first). */
export const rulesOfKind = (rules: readonly PricingRule[], kind: PricingRuleKind): PricingRule[] =>
  rules.filter((rule) => rule.kind === kind).sort((a, b) => a.position - b.position);

/** The ids in their new order after moving one a place up (-1) or down (+1). */
export function movedIds(rules: readonly PricingRule[], index: number, step: -1 | 1): string[] {
  const ids = rules.map((rule) => rule.id);
  const target = index + step;
  if (target < 0 || target >= ids.length) return ids;
  [ids[index], ids[target]] = [ids[target] as string, ids[index] as string];
  return ids;
}

type Editing = { rule: PricingRule | null } | null;

/**
 * Issue 33: one list of rules — the agency's markup rules, its service fees, or the operator's
 * platform rules — in the order that breaks ties (moved up and down a place at a time), each with
 * what it matches and its value; add, edit (the same editor for every owner) and delete with a
 * confirmation.
 */
export function RuleBoard({ owner, kind, title, intro, currency }: RuleBoardProps) {
  const calls = RULE_CALLS[owner];
  const { data, error, isLoading, isFetching, refetch } = calls.useRules();
  const [reorder, reordering] = calls.useReorder();
  const [remove, removing] = calls.useDelete();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PricingRule | null>(null);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const rules = data ? rulesOfKind(data, kind) : [];
  const noun = kind === 'fee' ? 'fee' : 'rule';

  const move = async (index: number, step: -1 | 1) => {
    try {
      await reorder({ body: { ids: movedIds(rules, index, step) } }).unwrap();
    } catch {
      // The call's own toast says why; the list is as the server holds it.
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteProblem(null);
    try {
      await remove({ params: { id: deleting.id } }).unwrap();
    } catch (failure) {
      setDeleteProblem(isApiFailure(failure) ? failure.message : 'The rule could not be deleted.');
      return;
    }
    toast.success(`${deleting.name} deleted`);
    setDeleting(null);
  };

  return (
    <Card
      title={title}
      aside={
        data && (
          <Button variant="secondary" onClick={() => setEditing({ rule: null })}>
            <Plus aria-hidden="true" className="size-4" />
            {kind === 'fee' ? 'Add fee' : 'Add rule'}
          </Button>
        )
      }
    >
      <p className="-mt-1 mb-4 text-slate-600 text-sm">{intro}</p>
      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : 'The rules could not be loaded'}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : isLoading || !data ? (
        <div role="status" aria-label={`Loading the ${noun}s`} className="space-y-2">
          <div className="h-16 animate-pulse rounded-xl bg-slate-200/70" />
          <div className="h-16 animate-pulse rounded-xl bg-slate-200/70" />
        </div>
      ) : rules.length === 0 ? (
        <div className="rounded-xl border border-slate-300 border-dashed p-6 text-center">
          <p className="font-medium text-slate-900">
            {kind === 'fee'
              ? 'No service fees yet.'
              : owner === 'platform'
                ? 'No platform rules yet: agencies pay the supplier’s price.'
                : 'No markup rules yet: fares sell at net.'}
          </p>
          <Button className="mt-3" onClick={() => setEditing({ rule: null })}>
            <Plus aria-hidden="true" className="size-4" />
            {kind === 'fee' ? 'Add your first fee' : 'Add your first rule'}
          </Button>
        </div>
      ) : (
        <ol aria-label={title} className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {rules.map((rule, index) => {
            const words = ruleMatchWords(rule);
            return (
              <li
                key={rule.id}
                aria-label={rule.name}
                className={clsx(
                  'grid gap-3 p-3 sm:grid-cols-[auto_1fr_auto] sm:items-center sm:p-4',
                  !rule.enabled && 'bg-slate-50',
                )}
              >
                <span
                  aria-hidden="true"
                  className="hidden size-7 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-600 text-xs tabular-nums sm:flex"
                >
                  {index + 1}
                </span>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{rule.name}</span>
                    <span
                      className={clsx(
                        'font-semibold text-sm tabular-nums',
                        (rule.value.percent ?? 0) < 0 || (rule.value.fixed?.Amount ?? 0) < 0
                          ? 'text-emerald-700'
                          : 'text-indigo-700',
                      )}
                    >
                      {ruleValueText(rule)}
                    </span>
                    {rule.event && <Badge tone="sky">{`At ${rule.event}`}</Badge>}
                    {!rule.enabled && <Badge>Paused</Badge>}
                  </p>
                  <p className="mt-0.5 text-slate-600 text-xs">
                    {words.length > 0 ? words.join(' · ') : 'Every trip'}
                    {rule.rounding !== 'none' &&
                      ` · rounded ${rule.rounding === 'whole' ? 'to a whole unit' : 'to .99'}`}
                  </p>
                </div>
                <div className="flex items-center gap-1 justify-self-end">
                  <IconButton
                    label={`Move ${rule.name} up`}
                    disabled={index === 0 || reordering.isLoading}
                    onClick={() => void move(index, -1)}
                  >
                    <ArrowUp className="size-4" />
                  </IconButton>
                  <IconButton
                    label={`Move ${rule.name} down`}
                    disabled={index === rules.length - 1 || reordering.isLoading}
                    onClick={() => void move(index, 1)}
                  >
                    <ArrowDown className="size-4" />
                  </IconButton>
                  <IconButton label={`Edit ${rule.name}`} onClick={() => setEditing({ rule })}>
                    <Pencil className="size-4" />
                  </IconButton>
                  <IconButton
                    label={`Delete ${rule.name}`}
                    danger
                    onClick={() => {
                      setDeleteProblem(null);
                      setDeleting(rule);
                    }}
                  >
                    <Trash2 className="size-4" />
                  </IconButton>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {editing && (
        <RuleEditor
          key={editing.rule?.id ?? 'new'}
          owner={owner}
          kind={kind}
          rule={editing.rule}
          currency={currency}
          open
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? `this ${noun}`}?`}
        confirmLabel={`Delete ${noun}`}
        busy={removing.isLoading}
        problem={
          deleteProblem && (
            <Alert tone="error" className="mb-4">
              {deleteProblem}
            </Alert>
          )
        }
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {kind === 'fee'
          ? 'It is no longer added to new bookings. Bookings that already carry it keep it.'
          : 'New prices no longer use it. Bookings priced by it keep its name.'}
      </ConfirmDialog>
    </Card>
  );
}

function IconButton({
  label,
  children,
  onClick,
  disabled = false,
  danger = false,
}: {
  label: string;
  children: React.ReactNode;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={clsx(
        'inline-flex size-10 items-center justify-center rounded-lg transition-colors disabled:opacity-30',
        'focus-visible:outline-2 focus-visible:outline-indigo-500',
        danger ? 'text-rose-600 hover:bg-rose-50' : 'text-slate-600 hover:bg-slate-100',
      )}
    >
      {children}
    </button>
  );
}
