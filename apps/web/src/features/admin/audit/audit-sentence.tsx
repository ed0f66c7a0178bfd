import { type AuditEntry, moneyText } from '@skydesk/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDayWithYear } from '../../../shared/format/date-time';
import {
  adminAgencyPath,
  adminDepositPath,
  adminPaths,
  adminRefundPath,
  adminTicketPath,
} from '../../../shared/routing/admin-paths';
import { AUDIT_ACTION_LABELS } from '../admin-labels';

/*
 * An audit entry read as a sentence (issue 30): who did what to which agency, amounts written as
 * money — "Olli Operator credited Demo Travels's deposit of US$5,000.00 (reference DEP-1042)". The
 * raw before and after stay a click away on the entry.
 */

type Fields = Record<string, unknown>;

const text = (fields: Fields | null, key: string): string | null => {
  const value = fields?.[key];
  return typeof value === 'string' && value.trim() ? value : null;
};
const number = (fields: Fields | null, key: string): number | null => {
  const value = fields?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** An amount of the entry as money: "US$5,000.00" (its currency from the entry, else as a number). */
function amountOf(entry: AuditEntry, key: string, from: 'after' | 'before' = 'after'): string | null {
  const fields = entry[from];
  const amount = number(fields, key);
  if (amount === null) return null;
  const currency = text(entry.after, 'currency') ?? text(entry.before, 'currency');
  return currency ? moneyText(Math.abs(amount), currency) : Math.abs(amount).toFixed(2);
}

const Strong = ({ children }: { children: ReactNode }) => (
  <span className="font-medium text-slate-900">{children}</span>
);

const TargetLink = ({ to, children }: { to: string | null; children: ReactNode }) =>
  to ? (
    <Link to={to} className="font-medium text-indigo-700 hover:underline">
      {children}
    </Link>
  ) : (
    <Strong>{children}</Strong>
  );

export type AuditSentence = {
  /** The sentence, without its actor (the row names the actor as a filter). */
  did: ReactNode;
  /** The reason the operator gave, when there was one. */
  reason: string | null;
};

/** What the entry says the operator did, as a sentence to follow the operator's name. */
export function auditSentence(entry: AuditEntry): AuditSentence {
  const id = entry.target_id;
  const agency = entry.agency ? (
    <TargetLink to={adminAgencyPath(entry.agency.id)}>{entry.agency.name}</TargetLink>
  ) : (
    <Strong>an agency</Strong>
  );
  const agencys = entry.agency ? (
    <>
      <TargetLink to={adminAgencyPath(entry.agency.id)}>{entry.agency.name}</TargetLink>’s
    </>
  ) : (
    'an agency’s'
  );
  const reason = text(entry.after, 'reason');
  const said = (did: ReactNode): AuditSentence => ({ did, reason });
  const post = (noun: string, path: string) => {
    const title = text(entry.after, 'title') ?? text(entry.before, 'title');
    const name = title ? `the ${noun} “${title}”` : `an ${noun}`;
    return entry.action.endsWith('.delete') || !id ? (
      <Strong>{name}</Strong>
    ) : (
      <TargetLink to={`${path}/${encodeURIComponent(id)}`}>{name}</TargetLink>
    );
  };

  switch (entry.action) {
    case 'company.approve':
      return said(<>approved {agency}</>);
    case 'company.reject':
      return said(<>rejected {agency}’s verification</>);
    case 'company.suspend': {
      const ended = number(entry.after, 'sessions_ended');
      return said(
        <>
          suspended {agency}
          {ended ? ` and ended ${ended} session${ended === 1 ? '' : 's'}` : ''}
        </>,
      );
    }
    case 'company.reactivate':
      return said(<>reactivated {agency}</>);
    case 'credits.adjust': {
      const amount = number(entry.after, 'amount') ?? 0;
      const balance = amountOf(entry, 'balance');
      return said(
        <>
          {amount >= 0 ? 'credited' : 'debited'} <Strong>{amountOf(entry, 'amount')}</Strong>{' '}
          {amount >= 0 ? 'to' : 'from'} {agency}
          {balance && <>, leaving a balance of {balance}</>}
        </>,
      );
    }
    case 'credits.limit':
      return said(
        <>
          set {agencys} credit limit to <Strong>{amountOf(entry, 'credit_limit')}</Strong>
          {amountOf(entry, 'credit_limit', 'before') && (
            <> (it was {amountOf(entry, 'credit_limit', 'before')})</>
          )}
        </>,
      );
    case 'deposit.approve':
    case 'deposit.reject': {
      const reference = text(entry.after, 'reference_no');
      return said(
        <>
          {entry.action === 'deposit.approve' ? 'credited' : 'refused'} {agencys}{' '}
          <TargetLink to={id ? adminDepositPath(id) : null}>
            deposit of {amountOf(entry, 'amount') ?? 'an amount'}
          </TargetLink>
          {reference && <> (reference {reference})</>}
        </>,
      );
    }
    case 'refund.approve':
      return said(
        <>
          approved {agencys} <TargetLink to={id ? adminRefundPath(id) : null}>refund request</TargetLink>:{' '}
          <Strong>{amountOf(entry, 'amount') ?? 'nothing'}</Strong> credited
          {amountOf(entry, 'allowed', 'before') && (
            <> of {amountOf(entry, 'allowed', 'before')} the fare rules allowed</>
          )}
        </>,
      );
    case 'refund.reject':
      return said(
        <>
          rejected {agencys} <TargetLink to={id ? adminRefundPath(id) : null}>refund request</TargetLink>
        </>,
      );
    case 'bank.create':
    case 'bank.update':
    case 'bank.retire': {
      const bank = text(entry.after, 'bank') ?? text(entry.before, 'bank');
      const account = text(entry.after, 'account_number') ?? text(entry.before, 'account_number');
      const verb = { 'bank.create': 'added', 'bank.update': 'changed', 'bank.retire': 'retired' }[
        entry.action
      ];
      return said(
        <>
          {verb} the bank account{' '}
          <TargetLink to={adminPaths.banks}>
            {[bank, account].filter(Boolean).join(' ') || 'of SkyDesk'}
          </TargetLink>
        </>,
      );
    }
    case 'operator.sign_in': {
      if (text(entry.after, 'outcome') === 'failed') {
        const email = text(entry.after, 'email');
        const step = text(entry.after, 'step');
        return said(
          <>
            failed to sign in{email && <> as {email}</>}
            {step && <> (at the {step.replace(/_/g, ' ')} step)</>}
          </>,
        );
      }
      return said('signed in');
    }
    case 'operator.sign_out':
      return said('signed out');
    case 'ticket.assign':
    case 'ticket.reply':
    case 'ticket.close':
    case 'ticket.reopen': {
      const verb = {
        'ticket.assign': 'took',
        'ticket.reply': 'answered',
        'ticket.close': 'closed',
        'ticket.reopen': 'reopened',
      }[entry.action];
      return said(
        <>
          {verb} {agencys} <TargetLink to={id ? adminTicketPath(id) : null}>support ticket</TargetLink>
        </>,
      );
    }
    case 'supplier.update': {
      const was = entry.before?.enabled;
      const is = entry.after?.enabled;
      const verb =
        was === false && is === true ? 'turned on' : was === true && is === false ? 'turned off' : 'changed';
      return said(
        <>
          {verb} the supplier <TargetLink to={adminPaths.suppliers}>{id ?? 'a supplier'}</TargetLink>
          {verb === 'changed' && '’s markup'}
        </>,
      );
    }
    case 'rate.set': {
      const currency = text(entry.after, 'currency');
      const rate = number(entry.after, 'rate');
      const day = text(entry.after, 'effective_on');
      const was = number(entry.before, 'rate');
      return said(
        <>
          set the rate of <TargetLink to={adminPaths.rates}>{currency ?? 'a currency'}</TargetLink>
          {rate !== null && (
            <>
              {' '}
              to <Strong>{rate}</Strong>
            </>
          )}
          {day && <> from {formatDayWithYear(day)}</>}
          {was !== null && <> (it was {was})</>}
        </>,
      );
    }
    case 'announcement.create':
      return said(<>wrote {post('announcement', adminPaths.announcements)}</>);
    case 'announcement.update':
      return said(<>changed {post('announcement', adminPaths.announcements)}</>);
    case 'announcement.delete':
      return said(<>deleted {post('announcement', adminPaths.announcements)}</>);
    case 'offer.create':
      return said(<>wrote {post('offer', adminPaths.offers)}</>);
    case 'offer.update':
      return said(<>changed {post('offer', adminPaths.offers)}</>);
    case 'offer.delete':
      return said(<>deleted {post('offer', adminPaths.offers)}</>);
    default: {
      // An action written after this file: its label, lower-cased into the sentence.
      const action: string = (entry as AuditEntry).action;
      const labels: Record<string, string> = AUDIT_ACTION_LABELS;
      return said(
        <>
          — {(labels[action] ?? action).toLowerCase()}
          {entry.agency && <> for {agency}</>}
        </>,
      );
    }
  }
}
