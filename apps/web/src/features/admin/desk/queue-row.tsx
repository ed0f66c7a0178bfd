import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';

type QueueRowProps = {
  to: string;
  /** The whole row read as one link: what it is, for whom. */
  label: string;
  /** Who asks: the agency's name. */
  who: string;
  /** Under the name: the item's reference. */
  reference: ReactNode;
  /** The money at stake, on the right, with what it is under it. */
  amount: string;
  amountNote: string;
  /** What the item is about (a bank account, the tickets). */
  about: ReactNode;
  status: { label: string; tone: BadgeTone };
  /** How long it waits, or when it was decided. */
  when: ReactNode;
};

/**
 * One item of a desk's queue: who and how much first, then what it is about, then where it stands
 * and since when. Two columns on a phone, four on a wider screen, the money's of one width so the
 * rows' columns line up.
 */
export function QueueRow({
  to,
  label,
  who,
  reference,
  amount,
  amountNote,
  about,
  status,
  when,
}: QueueRowProps) {
  return (
    <li>
      <Link
        to={to}
        aria-label={label}
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1.4fr)_9rem] sm:items-center sm:px-5"
      >
        <span className="min-w-0">
          <span className="block break-words font-semibold text-slate-900">{who}</span>
          <span className="block text-slate-500 text-xs">{reference}</span>
        </span>
        <span className="text-right sm:order-last">
          <span className="block font-semibold text-slate-900 tabular-nums">{amount}</span>
          <span className="block text-slate-500 text-xs">{amountNote}</span>
        </span>
        <span className="col-span-2 min-w-0 text-slate-600 text-sm sm:col-span-1">{about}</span>
        <span className="col-span-2 flex flex-wrap items-center gap-2 text-slate-600 text-sm sm:col-span-1">
          <Badge tone={status.tone}>{status.label}</Badge>
          {when}
        </span>
      </Link>
    </li>
  );
}
