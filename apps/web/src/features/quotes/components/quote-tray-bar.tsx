import { FileText, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { quoteTray, useQuoteTray } from '../../../entities/quotes/quote-tray';
import { useCan } from '../../../shared/access/dashboard-access';
import { paths } from '../../../shared/routing/paths';
import { Button, buttonClasses } from '../../../shared/ui/button';

/**
 * Issue 33: the quote being put together, at the foot of every dashboard screen while it holds an
 * option — how many, "Create quote", or clear it — so the agent can pick across fare families and
 * searches. Hidden on the quote form itself, which lists them.
 */
export function QuoteTrayBar() {
  const options = useQuoteTray();
  const canQuote = useCan('bookings.create');
  const { pathname } = useLocation();
  if (!canQuote || options.length === 0 || pathname === paths.dashboard.createQuote) return null;
  return (
    <>
      {/* Room under the screen's last line, so the bar never covers it. */}
      <div aria-hidden="true" className="h-20 shrink-0" />
      <aside
        aria-label="Quote tray"
        className="fixed inset-x-3 bottom-3 z-30 mx-auto flex max-w-xl items-center gap-3 rounded-2xl border border-indigo-200 bg-white/95 p-3 shadow-lg backdrop-blur sm:inset-x-6"
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
          <FileText aria-hidden="true" className="size-5" />
        </span>
        <p className="min-w-0 flex-1 text-slate-800 text-sm">
          <span className="font-semibold">
            {options.length} option{options.length === 1 ? '' : 's'}
          </span>{' '}
          <span className="text-slate-600">in the quote (up to 5)</span>
        </p>
        <Button variant="ghost" className="min-h-9 px-2" onClick={quoteTray.clear}>
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">Clear</span>
        </Button>
        <Link to={paths.dashboard.createQuote} className={buttonClasses('primary', 'min-h-9 shrink-0 px-3')}>
          Create quote
        </Link>
      </aside>
    </>
  );
}
