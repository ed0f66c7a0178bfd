import type { Cabin } from '@skydesk/contract';
import { dateOfEpochDay, epochDayOf, localDate, startOfLocalDay } from '../../supplier/sandbox/index.js';
import { type BookingDesk, book as bookOne, createReferences, FATES } from './bookings.js';
import { PARTIES, ROUTES } from './market.js';
import { planMoney } from './money.js';
import {
  between,
  DAY_MS,
  HOUR_MS,
  type LedgerLine,
  localDay,
  MINUTE_MS,
  type Plan,
  type PlannedBooking,
  type PlannedOrder,
  type PlannedSearch,
  type Planner,
  pickWeighted,
} from './plan.js';
import { lookWithoutBooking } from './searches.js';
import { OWNER_BOOKS } from './staff.js';
import { createTravellers } from './travellers.js';

/** Builds the plan: staff, travellers, bookings and what became of them, deposits, searches. */
export async function planHistory(planner: Planner, staff: Plan['staff']): Promise<Plan> {
  const { random, agency, options } = planner;
  const { now, timeZone } = options;
  const nowMinute = Math.floor(now.getTime() / MINUTE_MS);
  const today = localDate(timeZone, nowMinute);
  const todayDay = epochDayOf(today);
  const firstDay = todayDay - options.days;
  const dayStart = (day: number) => new Date(startOfLocalDay(timeZone, dateOfEpochDay(day)) * MINUTE_MS);
  /** A local date `days` after the instant's own local date. */
  const localDatePlus = (at: Date, days: number) => dateOfEpochDay(epochDayOf(localDay(planner, at)) + days);
  const start = new Date(dayStart(firstDay).getTime() + 8 * HOUR_MS);

  // Who books, by how much they book.
  const bookers = [
    { id: agency.owner.id, weight: OWNER_BOOKS },
    ...staff.filter((member) => member.books > 0).map((member) => ({ id: member.id, weight: member.books })),
  ];
  const accountant = staff.find((member) => member.role === 'Accountant')?.id ?? agency.owner.id;

  // The agency's regular travellers (saved), and the one-off ones made as bookings need them.
  const { travellers, partyFor } = createTravellers(random, now);
  const references = createReferences(random);

  const bookings: PlannedBooking[] = [];
  const orders: PlannedOrder[] = [];
  const ledger: LedgerLine[] = [];
  const searches: PlannedSearch[] = [];
  const desk: BookingDesk = { planner, partyFor, references, bookings, orders, ledger, searches };
  const book = (input: Parameters<typeof bookOne>[1]) => bookOne(desk, input);
  const lookup = (at: Date, userId: string) => {
    searches.push(lookWithoutBooking(random, at, userId, localDatePlus));
  };

  // ── the past, day by day ──
  for (let day = firstDay; day < todayDay; day++) {
    const midnight = dayStart(day);
    const weekday = new Date(day * DAY_MS).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    // The agency grows a little over the months: a fifth more at the end than at the start.
    const growth = 0.9 + (0.2 * (day - firstDay)) / options.days;
    const count = Math.round((weekend ? between(random, 0, 1.3) : between(random, 1, 3.6)) * growth);
    for (let n = 0; n < count; n++) {
      const createdAt = new Date(midnight.getTime() + between(random, 8, 18.5) * HOUR_MS);
      const route = pickWeighted(random, ROUTES);
      const lead = route.longHaul ? 7 + Math.floor(random() ** 1.5 * 70) : 1 + Math.floor(random() ** 2 * 45);
      const outDate = localDatePlus(createdAt, lead);
      const backDate =
        random() < (route.longHaul ? 0.6 : 0.4)
          ? dateOfEpochDay(epochDayOf(outDate) + (route.longHaul ? 5 : 2) + Math.floor(random() * 9))
          : null;
      const cabin: Cabin =
        random() < (route.longHaul ? 0.14 : 0.04)
          ? 'Business'
          : random() < 0.06
            ? 'PremiumEconomy'
            : 'Economy';
      await book({
        createdAt,
        userId: pickWeighted(random, bookers).id,
        route,
        outDate,
        backDate,
        cabin,
        party: pickWeighted(random, PARTIES),
        fate: pickWeighted(random, FATES).fate,
      });
    }
    // Looking without booking: a handful of searches a working day.
    const looks = Math.round((weekend ? between(random, 0, 4) : between(random, 5, 14)) * growth);
    for (let n = 0; n < looks; n++) {
      lookup(
        new Date(midnight.getTime() + between(random, 7.5, 19) * HOUR_MS),
        pickWeighted(random, bookers).id,
      );
    }
  }

  // ── the present ──
  // Tickets departing today and tomorrow (the dashboard's departures), bought days ago.
  const sfoRoutes = ROUTES.filter((route) => route.from === 'SFO');
  for (const [offset, count] of [
    [0, 3],
    [1, 3],
  ] as const) {
    const date = dateOfEpochDay(todayDay + offset);
    for (let n = 0, tries = 0; n < count && tries < 12; tries++) {
      const createdAt = new Date(
        dayStart(todayDay - 3 - Math.floor(random() * 12)).getTime() + between(random, 9, 17) * HOUR_MS,
      );
      const made = await book({
        createdAt,
        userId: pickWeighted(random, bookers).id,
        route: pickWeighted(random, sfoRoutes),
        outDate: date,
        backDate: null,
        cabin: 'Economy',
        party: PARTIES[n % 2]!,
        fate: 'ticket',
        departAfter: new Date(now.getTime() + HOUR_MS),
      });
      if (made && made.status === 'ticketed') n++;
    }
  }
  // Holds live now, two of them due within a few hours (a hold lasts its hold time at most).
  const holdMs = options.hold.holdMinutes * MINUTE_MS;
  for (const dueIn of [2.5 * HOUR_MS, 4.75 * HOUR_MS, 19 * HOUR_MS]) {
    const createdAt = new Date(now.getTime() - holdMs + Math.min(dueIn, holdMs * 0.9));
    const route = pickWeighted(random, sfoRoutes);
    await book({
      createdAt,
      userId: pickWeighted(random, bookers).id,
      route,
      outDate: localDatePlus(createdAt, 4 + Math.floor(random() * 20)),
      backDate: null,
      cabin: route.longHaul ? 'Business' : 'Economy',
      party: PARTIES[Math.floor(random() * 2)]!,
      fate: 'hold',
    });
  }

  const deposits = planMoney(planner, { ledger, accountant, start, bookings });
  return { staff, travellers, bookings, orders, ledger, deposits, searches, start };
}
