import {
  type BagOffer,
  type BookingDetails,
  type BookingService,
  type Money,
  type Seat,
  type ServiceRequest,
  type ServiceStatus,
  serviceEndpoints,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { Armchair, Luggage, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'react-hot-toast';
import { seatMapsApi } from '../../../entities/seat-maps/seat-maps-api';
import { SeatMapsPanel } from '../../../entities/seat-maps/seat-maps-panel';
import { useCan } from '../../../shared/access/dashboard-access';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { useIdempotentMutation } from '../../../shared/http/use-idempotent-mutation';
import { useAppDispatch } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import {
  byTicketOrder,
  initials,
  passengerName,
  seatedPassengers,
  seatTakenRefusal,
  serviceWhat,
} from '../booking-services';
import { servicesApi, useBookingServicesQuery } from '../services-api';
import { BagAllowance, BagStepper } from './bag-stepper';

const STATUS: Record<ServiceStatus, { label: string; tone: BadgeTone }> = {
  held: { label: 'Held', tone: 'amber' },
  issued: { label: 'Paid', tone: 'emerald' },
  released: { label: 'Released', tone: 'slate' },
  refunded: { label: 'Refunded', tone: 'violet' },
};

const flightOf = (booking: BookingDetails, segmentIndex: number): string => {
  const segment = booking.segments[segmentIndex];
  return segment ? `${segment.MarketingAirline.Code}${segment.FlightNumber}` : `Flight ${segmentIndex + 1}`;
};

const nameOf = (booking: BookingDetails, index: number): string =>
  passengerName(booking.passengers[index], `Passenger ${index + 1}`);

/**
 * The booking's seats and extra bags (issue 31): each with its passenger, flight, amount, status
 * and EMD number once paid; on a ticketed booking, seats changed and bags added, charged at once.
 */
export function BookingServicesCard({ booking }: { booking: BookingDetails }) {
  const mayAdd = useCan('bookings.issue') && booking.status === 'ticketed';
  const [adding, setAdding] = useState(false);
  const services = byTicketOrder(booking.services ?? []);
  return (
    <Card
      title="Seats and bags"
      aside={
        mayAdd &&
        !adding && (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />{' '}
            {/* A remote airline sells seats with the order only: after issue, bags. */}
            {booking.supplier && booking.supplier.code !== 'sandbox'
              ? 'Add bags'
              : 'Add bags or change seats'}
          </Button>
        )
      }
    >
      {services.length === 0 ? (
        <p className="text-slate-600 text-sm">
          No seats or extra bags on this booking: the airline assigns seats at check-in, and the fare's own
          allowance applies.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {services.map((service) => (
            <ServiceRow key={service.id} booking={booking} service={service} />
          ))}
        </ul>
      )}
      {adding && <AddServicesPanel booking={booking} onClose={() => setAdding(false)} />}
    </Card>
  );
}

/**
 * An extra bag is never in the fare: one at 0 is a bag the airline sells for several flights (a
 * connection), paid and documented on its first flight's row, which this names.
 */
function throughBagLabel(booking: BookingDetails, service: BookingService): string {
  const paid = (booking.services ?? []).find(
    (other) =>
      other.type === 'bag' &&
      other.passenger_index === service.passenger_index &&
      other.segment_index < service.segment_index &&
      other.amount.Amount > 0,
  );
  return paid ? `Paid with ${flightOf(booking, paid.segment_index)}` : 'Paid with the first flight';
}

function ServiceRow({ booking, service }: { booking: BookingDetails; service: BookingService }) {
  const Icon = service.type === 'seat' ? Armchair : Luggage;
  const status = STATUS[service.status];
  return (
    <li className="flex flex-col gap-1 py-2 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
      <div className="flex min-w-0 items-start gap-2">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {serviceWhat(service)} · {flightOf(booking, service.segment_index)}
          </p>
          <p className="text-slate-600 text-xs">
            {nameOf(booking, service.passenger_index)}
            {service.emd_number && (
              <>
                {' · '}EMD <span className="font-mono">{service.emd_number}</span>
              </>
            )}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 items-center justify-between gap-2 pl-6 sm:justify-end sm:pl-0">
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="min-w-24 text-right font-medium text-slate-900 tabular-nums">
          {service.amount.Amount !== 0
            ? formatMoney(service.amount)
            : service.type === 'bag'
              ? throughBagLabel(booking, service)
              : 'Included'}
        </span>
      </div>
    </li>
  );
}

/** A change asked for after issue: a seat on a flight, or extra bags, with what it costs. */
type Pending = ServiceRequest & { amount: Money | null };

const key = (service: Pick<ServiceRequest, 'type' | 'passenger_index' | 'segment_index'>) =>
  `${service.type}-${service.passenger_index}-${service.segment_index}`;

function AddServicesPanel({ booking, onClose }: { booking: BookingDetails; onClose: () => void }) {
  const catalog = useBookingServicesQuery({ params: { id: booking.id } });
  const addServices = useIdempotentMutation(servicesApi.useAddServicesMutation);
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState<Record<string, Pending>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const passengers = useMemo(
    () =>
      seatedPassengers(
        booking.passengers.map((passenger) => passenger.passenger_type),
        booking.passengers,
        booking.passengers.map((_, index) => `Passenger ${index + 1}`),
      ),
    [booking.passengers],
  );
  const [current, setCurrent] = useState(passengers[0]?.index ?? 0);

  if (catalog.error) {
    return (
      <div className="mt-4">
        <LoadFailed
          title={
            isApiFailure(catalog.error)
              ? catalog.error.message
              : serviceEndpoints.bookingServices.fallbackMessage
          }
          busy={catalog.isFetching}
          onRetry={() => void catalog.refetch()}
        />
      </div>
    );
  }
  if (!catalog.currentData) return <Spinner label="Loading what can be added" />;
  const { can_add, closed_reason, seats_closed_reason, bags, services } = catalog.currentData;
  if (!can_add) {
    return (
      <Alert tone="info" title="Seats and bags can no longer be added" className="mt-4">
        <p>{closed_reason ?? 'The airline no longer sells them for this booking.'}</p>
        <Button variant="ghost" className="mt-1" onClick={onClose}>
          Close
        </Button>
      </Alert>
    );
  }

  const items = Object.values(pending);
  const currency = booking.total.CurrencyCode;
  const charge: Money = {
    Amount: items.reduce((sum, item) => sum + Math.round((item.amount?.Amount ?? 0) * 100), 0) / 100,
    CurrencyCode: currency,
  };

  // The seat each passenger holds now, or is about to change to, on each flight.
  const seatNow = (passenger: number, segment: number): string | undefined =>
    pending[key({ type: 'seat', passenger_index: passenger, segment_index: segment })]?.designator ??
    services.find(
      (service) =>
        service.type === 'seat' &&
        service.status !== 'released' &&
        service.status !== 'refunded' &&
        service.passenger_index === passenger &&
        service.segment_index === segment,
    )?.designator;
  const choosing = passengers.find((passenger) => passenger.index === current) ?? passengers[0];
  const selected: Record<number, string> = {};
  const heldByParty: Record<number, Record<string, string>> = {};
  for (const [segmentIndex] of booking.segments.entries()) {
    for (const passenger of passengers) {
      const seat = seatNow(passenger.index, segmentIndex);
      if (!seat) continue;
      if (passenger.index === choosing?.index) selected[segmentIndex] = seat;
      else {
        heldByParty[segmentIndex] ??= {};
        heldByParty[segmentIndex]![seat] = initials(passenger.name);
      }
    }
  }

  const chooseSeat = (segmentIndex: number, seat: Seat) => {
    if (!choosing) return;
    const request = { type: 'seat' as const, passenger_index: choosing.index, segment_index: segmentIndex };
    const held = services.find(
      (service) =>
        service.type === 'seat' &&
        (service.status === 'held' || service.status === 'issued') &&
        service.passenger_index === choosing.index &&
        service.segment_index === segmentIndex,
    );
    setPending((before) => {
      const { [key(request)]: _dropped, ...rest } = before;
      // Back to the seat they have: no change.
      if (held?.designator === seat.designator) return rest;
      return {
        ...rest,
        [key(request)]: { ...request, designator: seat.designator, amount: seat.price ?? null },
      };
    });
  };
  const setBags = (offer: BagOffer, quantity: number) => {
    const request = {
      type: 'bag' as const,
      passenger_index: offer.passenger_index,
      segment_index: offer.segment_index,
    };
    setPending((before) => {
      const { [key(request)]: _dropped, ...rest } = before;
      if (quantity === 0) return rest;
      return {
        ...rest,
        [key(request)]: {
          ...request,
          quantity,
          amount: {
            Amount: Math.round(offer.price.Amount * 100 * quantity) / 100,
            CurrencyCode: offer.price.CurrencyCode,
          },
        },
      };
    });
  };

  const pay = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await addServices({
        params: { id: booking.id },
        body: {
          services: items.map(({ amount: _amount, ...request }) => request),
        },
      });
      // A remote airline that has not answered yet: charged, and added once it confirms (or given back).
      const waiting = answer.services.some((service) => service.status === 'held');
      if (waiting) {
        toast.success(
          `${formatMoney(charge)} charged; the airline is adding the bags — this booking shows them once it confirms`,
        );
      } else {
        toast.success(
          charge.Amount > 0
            ? `${formatMoney(charge)} charged; the services are added`
            : 'The services are added',
        );
      }
      onClose();
    } catch (error) {
      if (!isApiFailure(error)) throw error;
      setConfirming(false);
      const taken = seatTakenRefusal(error);
      if (taken) {
        // The seat went to someone else: its map is read again, and the seat dropped from the change.
        void dispatch(
          seatMapsApi.endpoints.bookingSeatMaps.initiate(
            { params: { id: booking.id } },
            { forceRefetch: true },
          ),
        );
        setPending((before) =>
          Object.fromEntries(Object.entries(before).filter(([, item]) => item.type !== 'seat')),
        );
      }
      setProblem(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 space-y-4 border-slate-100 border-t pt-4">
      {problem && (
        <Alert tone="error" title="Not added" assertive>
          <p>{problem}</p>
        </Alert>
      )}
      {seats_closed_reason ? (
        <section aria-label="Seats" className="space-y-1">
          <h3 className="font-semibold text-slate-900 text-sm">Seats</h3>
          <p className="text-slate-600 text-sm">{seats_closed_reason}.</p>
        </section>
      ) : (
        <section aria-label="Change seats" className="space-y-3">
          <h3 className="font-semibold text-slate-900 text-sm">Seats</h3>
          <div className="flex flex-wrap gap-2">
            {passengers.map((passenger) => (
              <button
                key={passenger.index}
                type="button"
                aria-pressed={passenger.index === choosing?.index}
                onClick={() => setCurrent(passenger.index)}
                className={clsx(
                  'rounded-full px-3 py-1.5 font-medium text-sm ring-1 ring-inset',
                  passenger.index === choosing?.index
                    ? 'bg-indigo-50 text-indigo-800 ring-2 ring-indigo-600'
                    : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {passenger.name}
              </button>
            ))}
          </div>
          <SeatMapsPanel
            bookingId={booking.id}
            {...(choosing ? { party: choosing.party } : {})}
            selected={selected}
            heldByParty={heldByParty}
            onSelect={chooseSeat}
          />
        </section>
      )}
      <section aria-label="Add bags" className="space-y-2">
        <h3 className="font-semibold text-slate-900 text-sm">Extra bags</h3>
        {bags.length === 0 ? (
          <p className="text-slate-600 text-sm">No extra bags on sale for this booking.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {bags.map((offer) => {
              const name = nameOf(booking, offer.passenger_index);
              const flight = flightOf(booking, offer.segment_index);
              return (
                <li
                  key={`${offer.passenger_index}-${offer.segment_index}`}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {name} · {flight}
                    </p>
                    <BagAllowance offer={offer} />
                  </div>
                  <BagStepper
                    label={`Extra bags for ${name} on ${flight}`}
                    offer={offer}
                    quantity={pending[key({ type: 'bag', ...offer })]?.quantity ?? 0}
                    onChange={(quantity) => setBags(offer, quantity)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={items.length === 0} onClick={() => setConfirming(true)}>
          {charge.Amount > 0 ? `Pay ${formatMoney(charge)}` : 'Save the change'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={charge.Amount > 0 ? `Charge ${formatMoney(charge)} now?` : 'Make the change?'}
        confirmLabel={charge.Amount > 0 ? `Pay ${formatMoney(charge)}` : 'Make the change'}
        variant="primary"
        busy={busy}
        onConfirm={() => void pay()}
        onCancel={() => setConfirming(false)}
      >
        {items.map((item) => (
          <span key={key(item)} className="block">
            {serviceWhat(item)} · {flightOf(booking, item.segment_index)} ·{' '}
            {nameOf(booking, item.passenger_index)}: {item.amount ? formatMoney(item.amount) : 'included'}
          </span>
        ))}
        <span className="mt-2 block">
          {charge.Amount > 0
            ? 'It is taken from your credits at once; each paid service gets its EMD number.'
            : 'Nothing is charged.'}
        </span>
      </ConfirmDialog>
    </div>
  );
}
