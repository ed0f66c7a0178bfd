import { Hourglass } from 'lucide-react';
import { Card } from '../../../shared/ui/card';

/** What a booking does before it is ticketed (docs/architecture.md §5), said before the agent books. */
export function TicketingDeadlineRule() {
  return (
    <Card
      title="Hold and ticketing deadline"
      aside={<Hourglass aria-hidden="true" className="size-5 text-slate-400" />}
    >
      <p className="text-slate-700 text-sm leading-relaxed">
        Booking holds the seats at this price until the booking's <strong>ticketing deadline</strong>, shown
        as soon as it is made. Issue the tickets before then, paid from your credits; a booking not ticketed
        by the deadline expires and its seats are released.
      </p>
    </Card>
  );
}
