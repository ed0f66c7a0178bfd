import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../src/platform/db/schema.js';

/**
 * The KPI bench's volume (issue 15, docs/benchmarks.md): a hundred agencies and up to a million
 * bookings over two years, with what the KPIs count of them — passengers and their tickets, the
 * bookings' history (held, ticketed, cancelled, expired, voided, refunded), their ledger lines and
 * the agencies' deposits, the searches before them — made by set-based INSERT … SELECT over
 * generate_series, as bench/ledger-lines.ts makes a million ledger lines, and never a row at a time.
 *
 * Loads run with `session_replication_role = replica` inside their transaction: no trigger fires —
 * neither the analytics rollups' (migration 0012 says so for bulk loads: the rollups are rebuilt by
 * `analytics_recount()` once, after) nor the foreign keys' checks (the rows are made consistent
 * here). Every value of booking i is a hash of i, so a batch is reproducible and batches may come
 * in any size; bookings of a phase are spread evenly over its two years in their order, so each
 * batch appends its agencies' ledger lines after the ones before (line numbers and running
 * balances go on from the balance row, as postLedgerEntry numbers them).
 *
 * The itineraries are reduced to what the rollups read of them (the first flight's airports and
 * local departure): the bench times the KPI endpoints, which never present a booking.
 */

type Db = Kysely<Database>;

/** Routes sold, with their validating carrier, local departure hour and one-way fare in minor units. */
const ROUTES: [string, string, string, number, number][] = [
  ['SFO', 'JFK', 'B6', 8, 32_000],
  ['JFK', 'SFO', 'B6', 9, 32_000],
  ['SFO', 'ORD', 'UA', 7, 24_000],
  ['LAX', 'JFK', 'B6', 10, 30_000],
  ['JFK', 'LAX', 'AA', 14, 31_000],
  ['ATL', 'LAX', 'DL', 11, 27_000],
  ['SFO', 'SEA', 'AS', 18, 14_000],
  ['SFO', 'LAS', 'WN', 16, 11_000],
  ['SFO', 'DFW', 'AA', 6, 21_000],
  ['ORD', 'LGA', 'UA', 7, 19_000],
  ['BOS', 'MIA', 'AA', 13, 22_000],
  ['DEN', 'PHX', 'WN', 12, 12_000],
  ['LHR', 'JFK', 'BA', 8, 64_000],
  ['JFK', 'LHR', 'VS', 19, 64_000],
  ['SFO', 'LHR', 'VS', 20, 89_000],
  ['LHR', 'DXB', 'EK', 14, 58_000],
  ['DXB', 'LHR', 'EK', 2, 54_000],
  ['LHR', 'CDG', 'AF', 9, 14_000],
  ['CDG', 'JFK', 'AF', 13, 61_000],
  ['FRA', 'JFK', 'LH', 10, 63_000],
  ['SFO', 'FRA', 'LH', 15, 84_000],
  ['AMS', 'JFK', 'KL', 12, 60_000],
  ['MAD', 'LHR', 'IB', 7, 12_000],
  ['FCO', 'LHR', 'BA', 8, 15_000],
  ['IST', 'LHR', 'TK', 9, 23_000],
  ['IST', 'JFK', 'TK', 13, 70_000],
  ['DXB', 'BOM', 'EK', 3, 26_000],
  ['DXB', 'DEL', 'EK', 4, 27_000],
  ['DOH', 'LHR', 'QR', 8, 52_000],
  ['DOH', 'BKK', 'QR', 2, 41_000],
  ['AUH', 'LHR', 'EY', 9, 50_000],
  ['DEL', 'BOM', 'AI', 6, 8_000],
  ['BOM', 'DXB', 'AI', 22, 25_000],
  ['SIN', 'HKG', 'SQ', 9, 31_000],
  ['SIN', 'SYD', 'SQ', 20, 55_000],
  ['HKG', 'NRT', 'CX', 10, 37_000],
  ['HND', 'SFO', 'JL', 17, 73_000],
  ['SFO', 'HND', 'JL', 13, 73_000],
  ['ICN', 'LAX', 'KE', 19, 79_000],
  ['SYD', 'MEL', 'QF', 7, 9_000],
  ['SYD', 'AKL', 'QF', 9, 28_000],
  ['MEL', 'SIN', 'QF', 11, 45_000],
  ['YYZ', 'LHR', 'AC', 21, 62_000],
  ['YVR', 'SFO', 'AC', 8, 19_000],
  ['MEX', 'LAX', 'AM', 9, 26_000],
  ['GRU', 'MIA', 'LA', 23, 66_000],
  ['BOG', 'MIA', 'AV', 7, 33_000],
  ['JNB', 'LHR', 'BA', 19, 81_000],
  ['CAI', 'DXB', 'MS', 14, 24_000],
  ['NBO', 'DXB', 'KQ', 23, 35_000],
  ['ADD', 'DXB', 'ET', 1, 30_000],
  ['LHR', 'SIN', 'SQ', 11, 95_000],
  ['CDG', 'DXB', 'EK', 15, 52_000],
  ['FRA', 'SIN', 'LH', 22, 92_000],
  ['MUC', 'ORD', 'LH', 12, 67_000],
  ['ZRH', 'JFK', 'LX', 13, 71_000],
  ['CPH', 'LHR', 'SK', 7, 16_000],
  ['ARN', 'LHR', 'BA', 8, 17_000],
  ['DUB', 'JFK', 'EI', 11, 55_000],
  ['LIS', 'GRU', 'TP', 23, 74_000],
];
/** Countries of the agencies after the demo (its days are then counted in their zones). */
const COUNTRIES = ['US', 'GB', 'AE', 'IN', 'DE', 'SG', 'AU', 'CA', 'FR', 'JP', 'BR', 'ZA', 'TR', 'MX', 'KE'];
const USERS_PER_AGENCY = 10;

/** A uniform number in [0, 1) from booking i and a salt: the same for the same i in every statement. */
const unit = (i: RawBuilder<unknown>, salt: number) =>
  sql<number>`((hashint8(${i} * 16 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;
/** Booking i from the last twelve hex digits of its id. */
const indexOfId = (id: RawBuilder<unknown>) =>
  sql`('x' || lpad(right(${id}::text, 12), 16, '0'))::bit(64)::bigint`;
/** The id of booking i: ordered, so a batch's rows go to the right edge of the primary key. */
const bookingId = (i: RawBuilder<unknown>) =>
  sql`('b0000000-0000-4000-8000-' || lpad(to_hex(${i}), 12, '0'))::uuid`;

/** Runs the statements of one load without triggers (see above), in one transaction. */
async function load(db: Db, work: (trx: Transaction<Database>) => Promise<void>) {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await work(trx);
  });
}

export type Agencies = { count: number; demoCompanyId: string };

/**
 * The agencies: the demo agency (agency 0, whose owner and operator the bench signs in as) and
 * `count - 1` more, registered one after the other over the weeks before `from` and approved by the
 * demo operator within three days, in countries (and so days) of their own; each with ten staff.
 * A few more agencies wait for review or were rejected, for the operator's count by status.
 */
export async function createAgencies(
  db: Db,
  input: { count: number; demoCompanyId: string; operatorId: string; from: Date },
): Promise<void> {
  await load(db, async (trx) => {
    await sql`create table bench_agency (n int primary key, company_id uuid not null)`.execute(trx);
    await sql`create table bench_user (n int, k int, user_id uuid not null, primary key (n, k))`.execute(trx);
    // Who decides the bench's deposits: the demo operator.
    await sql`create table bench_operator (decided_by uuid not null)`.execute(trx);
    await sql`insert into bench_operator values (${input.operatorId})`.execute(trx);
    await sql`insert into bench_agency values (0, ${input.demoCompanyId})`.execute(trx);
    const countries = sql.join(COUNTRIES.map((country, index) => sql`(${index}::int, ${country}::text)`));
    await sql`
      with made as (
        insert into companies (id, name, contact_name, email, phone, country, city, address, currency,
          verification_status, created_at, updated_at)
        select ('c0000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
          'Bench Travel ' || lpad(n::text, 3, '0'), 'Owner ' || n, 'owner' || n || '@bench.test', '+1 555 0100',
          c.country, 'City ' || n, n || ' Main Street', 'USD', 'approved',
          ${input.from}::timestamptz - interval '60 days' + n * interval '14 hours',
          ${input.from}::timestamptz - interval '60 days' + n * interval '14 hours'
        from generate_series(1, ${input.count - 1}) as n
        join (values ${countries}) as c (position, country) on c.position = n % ${COUNTRIES.length}
        returning id, created_at, ('x' || lpad(right(id::text, 12), 16, '0'))::bit(64)::bigint::int as n
      ),
      decided as (
        insert into company_decisions (company_id, operator_id, action, from_status, to_status, created_at)
        select id, ${input.operatorId}, 'approve', 'pending_review', 'approved',
          created_at + (6 + n % 66) * interval '1 hour'
        from made
      )
      insert into bench_agency (n, company_id) select n, id from made
    `.execute(trx);
    // Waiting for review, or refused: counted by status, no bookings.
    await sql`
      insert into companies (name, contact_name, email, phone, country, city, address, currency,
        verification_status, rejection_reason, created_at)
      select 'Applicant ' || n, 'Applicant ' || n, 'applicant' || n || '@bench.test', '+1 555 0100', 'US',
        'City', 'Street', 'USD', (array['registered', 'email_verified', 'pending_review', 'rejected'])[1 + n % 4],
        case when n % 4 = 3 then 'Licence unreadable' end, now() - n * interval '3 days'
      from generate_series(1, 12) as n
    `.execute(trx);
    await sql`
      insert into roles (company_id, name, description, permissions)
      select company_id, 'Ticketing agent', 'Books and tickets', array['flights.search', 'bookings.view',
        'bookings.create', 'bookings.issue']
      from bench_agency where n > 0
    `.execute(trx);
    // Ten staff per agency; the demo agency's owner is its first.
    await sql`
      insert into bench_user (n, k, user_id)
      select 0, 0, id from users where company_id = ${input.demoCompanyId} and is_owner
    `.execute(trx);
    await sql`
      with made as (
        insert into users (id, company_id, role_id, name, email, password_hash, email_verified_at, created_at)
        select ('a0000000-0000-4000-8000-' || lpad(to_hex(a.n * 100 + k), 12, '0'))::uuid, a.company_id,
          coalesce(
            (select id from roles r where r.company_id = a.company_id and r.name = 'Ticketing agent' limit 1),
            (select id from roles r where r.company_id = a.company_id limit 1)),
          'Agent ' || a.n || '-' || k, 'agent' || a.n || '-' || k || '@bench.test', null,
          ${input.from}::timestamptz - interval '30 days', ${input.from}::timestamptz - interval '30 days'
        from bench_agency a
        cross join generate_series(0, ${USERS_PER_AGENCY - 1}) as k
        where not (a.n = 0 and k = 0)
        returning id, ('x' || lpad(right(id::text, 12), 16, '0'))::bit(64)::bigint::int as code
      )
      insert into bench_user (n, k, user_id) select code / 100, code % 100, id from made
    `.execute(trx);
    await sql`
      insert into credit_balances (company_id, currency)
      select company_id, 'USD' from bench_agency
      on conflict (company_id) do nothing
    `.execute(trx);
  });
  await sql`analyze bench_agency`.execute(db);
  await sql`analyze bench_user`.execute(db);
}

export type Batch = {
  /** The phase's first booking, its length, and this batch's bookings within it. */
  phaseFirst: number;
  phaseCount: number;
  first: number;
  count: number;
  /** The phase's bookings are made over `days` days from `from`. */
  from: Date;
  days: number;
  agencies: number;
  /** Searches made for every booking (look-to-book). */
  searchesPerBooking: number;
};

/**
 * Bookings `first` … `first + count - 1` of a phase and everything that follows from them: their
 * passengers, tickets, history and ledger lines, the agencies' deposits of the batch's weeks, the
 * searches before them. Returns the rows made per table.
 */
export async function loadBatch(db: Db, batch: Batch): Promise<Record<string, number>> {
  const made: Record<string, number> = {};
  const count = async (table: string, statement: RawBuilder<unknown>, trx: Transaction<Database>) => {
    const result = await statement.execute(trx);
    made[table] = (made[table] ?? 0) + Number(result.numAffectedRows ?? 0);
  };
  const i = sql.ref('g.i');
  const last = batch.first + batch.count - 1;
  const spanSeconds = batch.days * 86_400;
  const routes = sql.join(
    ROUTES.map(
      ([origin, destination, carrier, hour, fare], index) =>
        sql`(${index}::int, ${origin}::text, ${destination}::text, ${carrier}::text, ${hour}::int, ${fare}::int)`,
    ),
  );
  const inBatch = sql`b.id between ${bookingId(sql`${batch.first}::bigint`)} and ${bookingId(sql`${last}::bigint`)}`;

  await load(db, async (trx) => {
    // Bookings: agency (a long tail: agency 0, the demo, is the busiest), made in order over the
    // phase's days, a route among the agency's favourites, one or two passengers, an outcome.
    await count(
      'bookings',
      sql`
      insert into bookings (id, company_id, pnr, status, trip_type, cabin, validating_carrier, itinerary,
        total_minor, net_minor, selling_minor, currency, contact_email, contact_phone, ticketing_deadline,
        first_departure_at, last_departure_date, issued_at, void_until, created_by, created_at, updated_at)
      select ${bookingId(i)}, a.company_id, v.pnr, v.status, 'OneWay', 'Economy', r.carrier,
        jsonb_build_object('AirItinerary', jsonb_build_object('OriginDestinationOptions', jsonb_build_object(
          'OriginDestinationOption', jsonb_build_array(jsonb_build_object('FlightSegment', jsonb_build_array(
            jsonb_build_object(
              'DepartureAirport', jsonb_build_object('LocationCode', r.origin),
              'ArrivalAirport', jsonb_build_object('LocationCode', r.destination),
              'DepartureDateTime', to_char(v.departs_at, 'YYYY-MM-DD"T"HH24:MI:SS')))))))),
        -- The sandbox marks nothing up: its net is the total, and sold at net (no markup rule) so is
        -- the selling price (no trigger fills them during a load).
        v.total, v.total, v.total, 'USD', 'traveller@bench.test', '+1 555 0100',
        least(v.created_at + interval '24 hours', v.departs_at - interval '3 hours'), v.departs_at,
        v.departs_at::date,
        case when v.status in ('ticketed', 'voided', 'refunded') then v.created_at + interval '30 minutes' end,
        case when v.status in ('ticketed', 'voided', 'refunded')
          then least(v.created_at + interval '1470 minutes', v.departs_at) end,
        u.user_id, v.created_at, v.created_at
      from generate_series(${batch.first}::bigint, ${last}::bigint) as g (i)
      cross join lateral (
        select least(${batch.agencies - 1}, floor(${batch.agencies} * power(${unit(i, 1)}, 1.6)))::int as n
      ) pick
      join bench_agency a on a.n = pick.n
      join (values ${routes}) as r (position, origin, destination, carrier, hour, fare)
        on r.position = (pick.n * 7 + floor(power(${unit(i, 3)}, 2) * 20)::int) % ${ROUTES.length}
      join bench_user u on u.n = pick.n and u.k = floor(${unit(i, 6)} * ${USERS_PER_AGENCY})::int
      cross join lateral (
        select
          ${batch.from}::timestamptz
            + ((g.i - ${batch.phaseFirst} + ${unit(i, 2)}) / ${batch.phaseCount} * ${spanSeconds}) * interval '1 second'
            as created_at,
          (1 + (${unit(i, 4)} < 0.25)::int) * round(r.fare * (0.8 + 0.4 * ${unit(i, 7)}))::bigint as total,
          case
            when ${unit(i, 5)} < 0.60 then 'ticketed' when ${unit(i, 5)} < 0.64 then 'voided'
            when ${unit(i, 5)} < 0.70 then 'refunded' when ${unit(i, 5)} < 0.80 then 'cancelled'
            else 'expired' end as status,
          -- six characters of the PNR alphabet from i (31^6 references, none drawn twice)
          (select string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (g.i / (31 ^ k)::bigint % 31)::int + 1, 1), '' order by k)
           from generate_series(0, 5) as k) as pnr
      ) v0
      cross join lateral (
        select v0.*,
          -- the first flight: days ahead, at the route's hour (the agency's clock stands in for the airport's)
          date_trunc('day', v0.created_at) + (2 + floor(power(${unit(i, 8)}, 2) * 60)) * interval '1 day'
            + r.hour * interval '1 hour' as departs_at
      ) v
    `,
      trx,
    );
    await count(
      'booking_passengers',
      sql`
      insert into booking_passengers (id, booking_id, position, passenger_type, title, first_name, last_name,
        gender, date_of_birth, nationality, passport_number, passport_expiry, fare_minor, taxes_minor)
      select ('d000000' || p.position || '-0000-4000-8000-' || right(b.id::text, 12))::uuid, b.id, p.position,
        'adult', 'MR', 'Traveller', 'Bench', 'M', date '1980-01-01', 'US', 'P' || right(b.id::text, 12) || p.position,
        date '2035-01-01', b.total_minor / x.pax * 0.8, b.total_minor / x.pax - b.total_minor / x.pax * 0.8
      from bookings b
      cross join lateral (select 1 + (${unit(indexOfId(sql`b.id`), 4)} < 0.25)::int as pax) x
      cross join lateral generate_series(0, x.pax - 1) as p (position)
      where ${inBatch}
    `,
      trx,
    );
    await count(
      'tickets',
      sql`
      insert into tickets (ticket_number, booking_id, passenger_id, status, paid_minor, refunded_minor, issued_at, updated_at)
      select '9' || lpad((${indexOfId(sql`b.id`)} * 2 + p.position)::text, 12, '0'), b.id, p.id,
        case b.status when 'ticketed' then 'issued' else b.status end,
        p.fare_minor + p.taxes_minor,
        case when b.status = 'refunded' then round((p.fare_minor + p.taxes_minor) * 0.85)::bigint end,
        b.issued_at, b.issued_at
      from bookings b join booking_passengers p on p.booking_id = b.id
      where ${inBatch} and b.status in ('ticketed', 'voided', 'refunded')
    `,
      trx,
    );
    // The history: what each outcome's services write, at their times.
    await count(
      'booking_events',
      sql`
      insert into booking_events (booking_id, action, from_status, to_status, actor_user_id, created_at)
      select b.id, e.action, e.from_status, e.to_status, case when e.by_user then b.created_by end,
        case e.at
          when 'created' then b.created_at
          when 'issued' then b.issued_at
          when 'voided' then b.issued_at + interval '3 hours'
          when 'asked' then least(b.issued_at + interval '2 days', b.first_departure_at - interval '6 hours')
          when 'approved' then least(b.issued_at + interval '2 days', b.first_departure_at - interval '6 hours')
            + interval '4 hours'
          when 'cancelled' then b.created_at + interval '2 hours'
          when 'expired' then b.ticketing_deadline + interval '30 seconds'
        end
      from bookings b
      join (values
        (null, 'booked', null, 'booked', true, 'created'),
        ('ticketed', 'ticketed', 'booked', 'ticketed', true, 'issued'),
        ('voided', 'ticketed', 'booked', 'ticketed', true, 'issued'),
        ('voided', 'voided', 'ticketed', 'voided', true, 'voided'),
        ('refunded', 'ticketed', 'booked', 'ticketed', true, 'issued'),
        ('refunded', 'refund_requested', 'ticketed', 'refund_requested', true, 'asked'),
        ('refunded', 'refund_approved', 'refund_requested', 'refunded', false, 'approved'),
        ('cancelled', 'cancelled', 'booked', 'cancelled', true, 'cancelled'),
        ('expired', 'expired', 'booked', 'expired', false, 'expired')
      ) as e (status, action, from_status, to_status, by_user, at)
        on e.status is null or e.status = b.status
      where ${inBatch}
    `,
      trx,
    );
    // Deposits: every agency tops up every two weeks of the batch's days with what its tickets
    // there cost, a tenth more, decided by the demo operator hours after the agency recorded it.
    await count(
      'deposit_transactions',
      sql`
      insert into deposit_transactions (id, company_id, bank_id, amount_minor, currency, deposit_date,
        reference_no, status, receipt_key, receipt_file_name, receipt_content_type, receipt_size_bytes,
        created_at, decided_at, decided_by, ledger_entry_id)
      select d.id, d.company_id, (select id from banks order by created_at limit 1), d.amount, 'USD',
        d.decided_at::date, 'BENCH-' || d.id, 'approved', replace(d.id::text, '-', ''), 'receipt.pdf',
        'application/pdf', 1000, d.decided_at - interval '5 hours', d.decided_at,
        (select decided_by from bench_operator), d.id
      from (
        select s.company_id,
          ('e' || lpad(to_hex(${batch.first} / 1000), 7, '0') || '-0000-4000-8000-' || lpad(to_hex(a.n * 1000 + w), 12, '0'))::uuid as id,
          greatest(100000, round(s.spend * 1.1 / s.weeks))::bigint as amount,
          s.first_at + (s.last_at - s.first_at) * (w::float8 / s.weeks) - interval '1 hour' as decided_at
        from (
          select b.company_id, sum(b.total_minor) filter (where b.issued_at is not null) as spend,
            min(b.created_at) as first_at, max(b.created_at) as last_at,
            greatest(1, ceil(extract(epoch from max(b.created_at) - min(b.created_at)) / (14 * 86400)))::int as weeks
          from bookings b where ${inBatch} group by b.company_id
        ) s
        join bench_agency a on a.company_id = s.company_id
        cross join lateral generate_series(0, s.weeks - 1) as w
        where s.spend > 0
      ) d
    `,
      trx,
    );
    // The ledger: tickets, voids, refunds and those deposits, numbered on from each agency's last
    // line, with the balance and the credits after each, in time order.
    await count(
      'ledger_entries',
      sql`
      insert into ledger_entries (id, company_id, seq, kind, amount_minor, balance_after_minor,
        credits_after_minor, currency, booking_id, transaction_id, note, created_at)
      select l.id, l.company_id,
        c.entry_count + row_number() over w,
        l.kind, l.amount,
        c.balance_minor + sum(l.amount) over w,
        c.credits_total_minor + sum(greatest(l.amount, 0)) over w,
        'USD', l.booking_id, l.transaction_id, l.note, l.at
      from (
        select ('f' || x.kind_code || '000000-0000-4000-8000-' || right(b.id::text, 12))::uuid as id,
          b.company_id, x.kind, x.amount, b.id as booking_id, null::uuid as transaction_id, x.note, x.at
        from bookings b
        cross join lateral (values
          ('1', 'ticket', -b.total_minor, b.issued_at, 'Tickets for booking ' || b.pnr),
          ('2', 'void', case when b.status = 'voided' then b.total_minor end, b.issued_at + interval '3 hours',
            'Void of booking ' || b.pnr),
          ('3', 'refund', case when b.status = 'refunded' then (select sum(refunded_minor) from tickets t where t.booking_id = b.id) end,
            least(b.issued_at + interval '2 days', b.first_departure_at - interval '6 hours') + interval '4 hours',
            'Refund for booking ' || b.pnr)
        ) as x (kind_code, kind, amount, at, note)
        where ${inBatch} and b.issued_at is not null and x.amount is not null
        union all
        select d.id, d.company_id, 'deposit', d.amount_minor, null, d.id, 'Bank deposit ' || d.reference_no, d.decided_at
        from deposit_transactions d
        where d.ledger_entry_id = d.id and d.reference_no like 'BENCH-%'
          and not exists (select 1 from ledger_entries e where e.id = d.id)
      ) l
      join credit_balances c on c.company_id = l.company_id
      window w as (partition by l.company_id order by l.at, l.id rows unbounded preceding)
    `,
      trx,
    );
    await count(
      'credit_balances',
      sql`
      update credit_balances c set balance_minor = e.balance_after_minor, entry_count = e.seq,
        credits_total_minor = e.credits_after_minor, updated_at = now()
      from bench_agency a
      cross join lateral (
        select company_id, seq, balance_after_minor, credits_after_minor from ledger_entries l
        where l.company_id = a.company_id order by seq desc limit 1
      ) e
      where e.company_id = c.company_id and e.seq > c.entry_count
    `,
      trx,
    );
    // The searches before each booking (look-to-book), minutes apart.
    if (batch.searchesPerBooking > 0) {
      await count(
        'search_history',
        sql`
        insert into search_history (company_id, user_id, trip_type, origin_destinations, adult_quantity,
          child_quantity, infant_quantity, cabin, result_count, created_at)
        select b.company_id, b.created_by, 'OneWay',
          jsonb_build_array(jsonb_build_object('departure_date_time', b.first_departure_at::date::text,
            'origin_location_code', split_part(b.route, '-', 1), 'destination_location_code', split_part(b.route, '-', 2))),
          1, 0, 0, 'Economy', 20 + s * 3, b.created_at - s * interval '7 minutes'
        from bookings b cross join generate_series(1, ${batch.searchesPerBooking}) as s
        where ${inBatch}
      `,
        trx,
      );
    }
  });
  return made;
}

/** A few deposits still waiting for an operator at the end: the operator's pending figure. */
export async function addPendingDeposits(db: Db, at: Date): Promise<void> {
  await sql`
    insert into deposit_transactions (company_id, bank_id, amount_minor, currency, deposit_date, reference_no,
      status, receipt_key, receipt_file_name, receipt_content_type, receipt_size_bytes, created_at)
    select a.company_id, (select id from banks order by created_at limit 1), 500000, 'USD', ${at}::date,
      'BENCH-PENDING-' || a.n, 'pending', 'pending' || a.n || 'xxxxxxxxxxxxxxxxxxxxxxxx', 'receipt.pdf',
      'application/pdf', 1000, ${at}::timestamptz - a.n * interval '1 hour'
    from bench_agency a where a.n % 10 = 0
  `.execute(db);
}
