import type { Booking } from '@skydesk/contract';
import { Ticket } from 'lucide-react';
import { IssueConfirmation } from '../../../entities/bookings/issue-confirmation';
import type { CreditsState } from '../../../entities/credits/use-credits';

type IssuePanelProps = {
  booking: Booking;
  credits: CreditsState;
  onIssued: (booking: Booking) => void;
  onClose: () => void;
};

/**
 * Issue: the tickets are paid from the agency's credits (docs/api.md `POST /api/booking-issue`). The
 * confirmation is shared with the dashboard's one-click issue (entities/bookings).
 */
export function IssuePanel({ booking, credits, onIssued, onClose }: IssuePanelProps) {
  const count = booking.passengers.length;
  return (
    <section
      aria-labelledby="issue-title"
      className="rounded-2xl border border-indigo-200 bg-indigo-50/50 p-4 sm:p-5"
    >
      <h2 id="issue-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Ticket aria-hidden="true" className="size-5 text-indigo-600" /> Issue {count} ticket
        {count > 1 ? 's' : ''}
      </h2>
      <IssueConfirmation booking={booking} credits={credits} onIssued={onIssued} onClose={onClose} />
    </section>
  );
}
