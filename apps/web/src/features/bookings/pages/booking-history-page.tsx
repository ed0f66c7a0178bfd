import { skipToken } from '@reduxjs/toolkit/query';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type BookingListQuery,
  BookingStatus,
  EMPTY_RESULT,
} from '@skydesk/contract';
import { ChevronLeft, ChevronRight, ClipboardList } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { LIST_WAITING_POLL_MS, waitingForAirline } from '../../../entities/bookings/airline-waiting';
import { isForbidden } from '../../../shared/access/require-permission';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { useCompanyId } from '../../../shared/session/use-company-id';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SelectField, TextField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { DayRangeFields, FilterActions } from '../../../shared/ui/list-filters';
import { bookingsApi } from '../bookings-api';
import { BookingRow } from '../components/booking-row';

/** Rows per page; docs/api.md pages start at 0 (docs/product-spec.md §9). */
const HISTORY_PAGE_SIZE = 20;

type Filters = { status: string; from: string; to: string; q: string };

/** The filters and page live in the address, so a filtered list can be reloaded, shared and gone back to. */
const BOOKING_FILTERS = {
  status: listParam.text({ valid: (value) => BookingStatus.safeParse(value).success }),
  from: listParam.text(),
  to: listParam.text(),
  q: listParam.text(),
};

/** /dashboard/booking-history (docs/product-spec.md §2): every booking of the agency, filtered and paged. */
export function BookingHistoryPage() {
  const companyId = useCompanyId();
  const list = useListParams(BOOKING_FILTERS);
  const applied = list.filters;
  const [draft, setDraft] = useState<Filters>(applied);
  const key = JSON.stringify(applied);

  // The form follows the address when it changes from outside (back, a shared link).
  useEffect(() => setDraft(JSON.parse(key) as Filters), [key]);

  const { status, from, to, q } = applied;
  const { page } = list;
  const query: BookingListQuery = {
    ...(status ? { status } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
    page,
    limit: HISTORY_PAGE_SIZE,
  };
  // currentData: another page's or filter's bookings are not shown while these come.
  // Issue 29: asked again while a booking waits for its airline, so its row follows the answer.
  const [waiting, setWaiting] = useState(false);
  const {
    currentData: bookings,
    isError: failed,
    error,
  } = bookingsApi.useCompanyBookingsQuery(companyId ? { params: { id: companyId }, query } : skipToken, {
    pollingInterval: waiting ? LIST_WAITING_POLL_MS : 0,
  });
  const nowWaiting = Boolean(bookings?.some(waitingForAirline));
  useEffect(() => setWaiting(nowWaiting), [nowWaiting]);

  if (isForbidden(error)) return <ForbiddenScreen permission="bookings.view" />;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters(draft);
  };
  const reset = list.reset;
  const goTo = list.setPage;
  const filtered = Boolean(applied.status || applied.from || applied.to || applied.q);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-5">
      <search aria-label="Filter bookings">
        <form
          onSubmit={apply}
          noValidate
          className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-[1.4fr_1fr_1fr_1fr_auto] lg:items-end"
        >
          <TextField
            label="PNR or passenger"
            type="search"
            value={draft.q}
            maxLength={60}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
            placeholder="K7Q2ZD or Hassan"
            className="sm:col-span-2 lg:col-span-1"
          />
          <SelectField
            label="Status"
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          >
            <option value="">All statuses</option>
            {BOOKING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {BOOKING_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <DayRangeFields
            fromLabel="Booked from"
            toLabel="Booked to"
            range={draft}
            onChange={(range) => setDraft({ ...draft, ...range })}
          />
          <FilterActions
            filtered={filtered}
            onReset={reset}
            className="flex gap-2 sm:col-span-2 lg:col-span-1"
          />
        </form>
      </search>

      {failed ? (
        <Alert tone="error" title="The bookings could not be loaded" />
      ) : !bookings ? (
        <div role="status" aria-label="Loading bookings" className="space-y-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-2xl bg-slate-200/70" />
          ))}
        </div>
      ) : bookings.length === 0 && page === 0 ? (
        <EmptyState icon={ClipboardList} title={EMPTY_RESULT.noBookings}>
          {filtered
            ? 'No booking matches these filters.'
            : 'Bookings made by anyone in your agency will be listed here.'}
        </EmptyState>
      ) : (
        <section aria-label="Bookings">
          {bookings.length > 0 ? (
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              {bookings.map((booking) => (
                <BookingRow key={booking.id} booking={booking} showDeadline={false} />
              ))}
            </ul>
          ) : (
            <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-600 text-sm">
              No more bookings.
            </p>
          )}
          {/* One short first page is the whole list: no paging to offer. */}
          {(page > 0 || bookings.length === HISTORY_PAGE_SIZE) && (
            <nav aria-label="Pages" className="mt-3 flex items-center justify-between gap-3">
              <Button variant="secondary" disabled={page === 0} onClick={() => goTo(page - 1)}>
                <ChevronLeft aria-hidden="true" className="size-4" /> Previous
              </Button>
              <span className="text-slate-600 text-sm">Page {page + 1}</span>
              <Button
                variant="secondary"
                // The list has no total: a full page means there may be more.
                disabled={bookings.length < HISTORY_PAGE_SIZE}
                onClick={() => goTo(page + 1)}
              >
                Next <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
