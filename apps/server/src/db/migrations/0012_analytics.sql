-- Analytics (issue 15, docs/api.md `GET /api/company/company-kpi`, `GET /api/admin/kpi`): an agency's
-- figures per day of its own, kept in rollup tables in the transaction of every event they count,
-- so a KPI over a year reads a few hundred rows however many bookings the agency made. The
-- bookings list gains the first departure's local date and the booking's route.
--
-- The rules in one place (this file): the *_deltas views say what each source row adds and to which
-- of the agency's days; the triggers add the deltas of the rows a statement inserts, and
-- analytics_recount() rebuilds the rollups from all source rows with the same views. A test holds
-- the rollups equal to the recount after random runs of real operations (test/analytics).
--
-- Bulk loads (the benchmark's generator): insert with the three triggers disabled —
--   alter table booking_events disable trigger booking_events_analytics;
--   alter table ledger_entries disable trigger ledger_entries_analytics;
--   alter table search_history disable trigger search_history_analytics;
-- (or `set session_replication_role = replica`, which disables every trigger), enable them again,
-- then `select analytics_recount()` (every agency) or `select analytics_recount('<company id>')`.

-- ── the agency's time zone ───────────────────────────────────────────────────────────────────────

-- An agency's days are counted in its zone (IANA, one PostgreSQL knows: the service checks
-- pg_timezone_names); null is its country's default.
alter table companies add column time_zone text check (time_zone <> '');

-- A country's default zone: the zone of its busiest airport in the sandbox network (by departures
-- a week; src/supplier/country-time-zones.ts computes it, test/analytics/time-zones.test.ts holds
-- this table equal to it). A country not listed counts in UTC.
create table country_time_zones (
  country char(2) primary key,
  airport char(3) not null,
  time_zone text not null
);
insert into country_time_zones (country, airport, time_zone) values
  ('AD', 'ALV', 'Europe/Andorra'), ('AE', 'DXB', 'Asia/Dubai'), ('AF', 'IMZ', 'Asia/Kabul'),
  ('AG', 'ANU', 'America/Antigua'), ('AI', 'AXA', 'America/Anguilla'), ('AL', 'TIA', 'Europe/Tirane'),
  ('AM', 'EVN', 'Asia/Yerevan'), ('AO', 'LAD', 'Africa/Luanda'), ('AQ', 'TNM', 'Antarctica/Palmer'),
  ('AR', 'AEP', 'America/Argentina/Buenos_Aires'), ('AS', 'PPG', 'Pacific/Pago_Pago'), ('AT', 'VIE', 'Europe/Vienna'),
  ('AU', 'SYD', 'Australia/Sydney'), ('AW', 'AUA', 'America/Aruba'), ('AX', 'MHQ', 'Europe/Mariehamn'),
  ('AZ', 'GYD', 'Asia/Baku'), ('BA', 'SJJ', 'Europe/Sarajevo'), ('BB', 'BGI', 'America/Barbados'),
  ('BD', 'DAC', 'Asia/Dhaka'), ('BE', 'BRU', 'Europe/Brussels'), ('BF', 'OUA', 'Africa/Ouagadougou'),
  ('BG', 'SOF', 'Europe/Sofia'), ('BH', 'BAH', 'Asia/Bahrain'), ('BI', 'BJM', 'Africa/Bujumbura'),
  ('BJ', 'COO', 'Africa/Porto-Novo'), ('BL', 'SBH', 'America/Guadeloupe'), ('BM', 'BDA', 'Atlantic/Bermuda'),
  ('BN', 'BWN', 'Asia/Brunei'), ('BO', 'CBB', 'America/La_Paz'), ('BQ', 'BON', 'America/Curacao'),
  ('BR', 'GRU', 'America/Sao_Paulo'), ('BS', 'NAS', 'America/Nassau'), ('BT', 'PBH', 'Asia/Thimphu'),
  ('BW', 'GBE', 'Africa/Gaborone'), ('BY', 'MSQ', 'Europe/Minsk'), ('BZ', 'TZA', 'America/Belize'),
  ('CA', 'YVR', 'America/Vancouver'), ('CC', 'CCK', 'Indian/Cocos'), ('CD', 'FIH', 'Africa/Kinshasa'),
  ('CF', 'BGF', 'Africa/Bangui'), ('CG', 'PNR', 'Africa/Brazzaville'), ('CH', 'ZRH', 'Europe/Zurich'),
  ('CI', 'BYK', 'Africa/Abidjan'), ('CK', 'RAR', 'Pacific/Rarotonga'), ('CL', 'SCL', 'America/Santiago'),
  ('CM', 'DLA', 'Africa/Douala'), ('CN', 'CAN', 'Asia/Shanghai'), ('CO', 'BOG', 'America/Bogota'),
  ('CR', 'SJO', 'America/Costa_Rica'), ('CU', 'HAV', 'America/Havana'), ('CV', 'RAI', 'Atlantic/Cape_Verde'),
  ('CW', 'CUR', 'America/Curacao'), ('CX', 'XCH', 'Indian/Christmas'), ('CY', 'PFO', 'Asia/Nicosia'),
  ('CZ', 'PRG', 'Europe/Prague'), ('DE', 'FRA', 'Europe/Berlin'), ('DJ', 'JIB', 'Africa/Djibouti'),
  ('DK', 'CPH', 'Europe/Copenhagen'), ('DM', 'DCF', 'America/Dominica'), ('DO', 'LRM', 'America/Santo_Domingo'),
  ('DZ', 'ALG', 'Africa/Algiers'), ('EC', 'GYE', 'America/Guayaquil'), ('EE', 'TLL', 'Europe/Tallinn'),
  ('EG', 'CAI', 'Africa/Cairo'), ('ER', 'ASM', 'Africa/Asmara'), ('ES', 'MAD', 'Europe/Madrid'),
  ('ET', 'ADD', 'Africa/Addis_Ababa'), ('FI', 'HEL', 'Europe/Helsinki'), ('FJ', 'NAN', 'Pacific/Fiji'),
  ('FK', 'MPN', 'Atlantic/Stanley'), ('FM', 'KSA', 'Pacific/Kosrae'), ('FO', 'FAE', 'Atlantic/Faroe'),
  ('FR', 'CDG', 'Europe/Paris'), ('GA', 'LBV', 'Africa/Libreville'), ('GB', 'LHR', 'Europe/London'),
  ('GD', 'CRU', 'America/Grenada'), ('GE', 'TBS', 'Asia/Tbilisi'), ('GF', 'CAY', 'America/Cayenne'),
  ('GG', 'ACI', 'Europe/Guernsey'), ('GH', 'ACC', 'Africa/Accra'), ('GI', 'GIB', 'Europe/Gibraltar'),
  ('GL', 'IOQ', 'America/Godthab'), ('GM', 'BJL', 'Africa/Banjul'), ('GN', 'CKY', 'Africa/Conakry'),
  ('GP', 'PTP', 'America/Guadeloupe'), ('GQ', 'BSG', 'Africa/Malabo'), ('GR', 'ATH', 'Europe/Athens'),
  ('GT', 'GUA', 'America/Guatemala'), ('GU', 'GUM', 'Pacific/Guam'), ('GW', 'OXB', 'Africa/Bissau'),
  ('GY', 'GEO', 'America/Guyana'), ('HK', 'HKG', 'Asia/Hong_Kong'), ('HN', 'XPL', 'America/Tegucigalpa'),
  ('HR', 'ZAG', 'Europe/Zagreb'), ('HT', 'PAP', 'America/Port-au-Prince'), ('HU', 'BUD', 'Europe/Budapest'),
  ('ID', 'CGK', 'Asia/Jakarta'), ('IE', 'DUB', 'Europe/Dublin'), ('IL', 'TLV', 'Asia/Jerusalem'),
  ('IM', 'IOM', 'Europe/Isle_of_Man'), ('IN', 'DEL', 'Asia/Kolkata'), ('IQ', 'EBL', 'Asia/Baghdad'),
  ('IR', 'IKA', 'Asia/Tehran'), ('IS', 'KEF', 'Atlantic/Reykjavik'), ('IT', 'FCO', 'Europe/Rome'),
  ('JE', 'JER', 'Europe/Jersey'), ('JM', 'MBJ', 'America/Jamaica'), ('JO', 'AMM', 'Asia/Amman'),
  ('JP', 'HND', 'Asia/Tokyo'), ('KE', 'NBO', 'Africa/Nairobi'), ('KG', 'BSZ', 'Asia/Bishkek'),
  ('KH', 'SAI', 'Asia/Phnom_Penh'), ('KI', 'TRW', 'Pacific/Tarawa'), ('KM', 'AJN', 'Indian/Comoro'),
  ('KN', 'NEV', 'America/St_Kitts'), ('KP', 'FNJ', 'Asia/Pyongyang'), ('KR', 'ICN', 'Asia/Seoul'),
  ('KW', 'KWI', 'Asia/Kuwait'), ('KY', 'GCM', 'America/Cayman'), ('KZ', 'ALA', 'Asia/Almaty'),
  ('LA', 'VTE', 'Asia/Vientiane'), ('LB', 'BEY', 'Asia/Beirut'), ('LC', 'UVF', 'America/St_Lucia'),
  ('LK', 'CMB', 'Asia/Colombo'), ('LR', 'ROB', 'Africa/Monrovia'), ('LS', 'MSU', 'Africa/Maseru'),
  ('LT', 'VNO', 'Europe/Vilnius'), ('LU', 'LUX', 'Europe/Luxembourg'), ('LV', 'RIX', 'Europe/Riga'),
  ('LY', 'MJI', 'Africa/Tripoli'), ('MA', 'CMN', 'Africa/Casablanca'), ('MC', 'MCM', 'Europe/Monaco'),
  ('MD', 'RMO', 'Europe/Chisinau'), ('ME', 'TGD', 'Europe/Podgorica'), ('MF', 'SFG', 'America/Marigot'),
  ('MG', 'TNR', 'Indian/Antananarivo'), ('MH', 'NMU', 'Pacific/Majuro'), ('MK', 'SKP', 'Europe/Skopje'),
  ('ML', 'BKO', 'Africa/Bamako'), ('MM', 'RGN', 'Asia/Yangon'), ('MN', 'UBN', 'Asia/Ulaanbaatar'),
  ('MO', 'MFM', 'Asia/Macau'), ('MP', 'ROP', 'Pacific/Saipan'), ('MQ', 'FDF', 'America/Martinique'),
  ('MR', 'NKC', 'Africa/Nouakchott'), ('MS', 'MNI', 'America/Montserrat'), ('MT', 'MLA', 'Europe/Malta'),
  ('MU', 'MRU', 'Indian/Mauritius'), ('MV', 'MLE', 'Indian/Maldives'), ('MW', 'BLZ', 'Africa/Blantyre'),
  ('MX', 'MEX', 'America/Mexico_City'), ('MY', 'KUL', 'Asia/Kuala_Lumpur'), ('MZ', 'MPM', 'Africa/Maputo'),
  ('NA', 'WDH', 'Africa/Windhoek'), ('NC', 'HLU', 'Pacific/Noumea'), ('NE', 'NIM', 'Africa/Niamey'),
  ('NF', 'NLK', 'Pacific/Norfolk'), ('NG', 'PHC', 'Africa/Lagos'), ('NI', 'BEF', 'America/Managua'),
  ('NL', 'AMS', 'Europe/Amsterdam'), ('NO', 'OSL', 'Europe/Oslo'), ('NP', 'KTM', 'Asia/Kathmandu'),
  ('NR', 'INU', 'Pacific/Nauru'), ('NU', 'IUE', 'Pacific/Niue'), ('NZ', 'AKL', 'Pacific/Auckland'),
  ('OM', 'MCT', 'Asia/Muscat'), ('PA', 'PTY', 'America/Panama'), ('PE', 'LIM', 'America/Lima'),
  ('PF', 'PPT', 'Pacific/Tahiti'), ('PG', 'POM', 'Pacific/Port_Moresby'), ('PH', 'MNL', 'Asia/Manila'),
  ('PK', 'KHI', 'Asia/Karachi'), ('PL', 'WAW', 'Europe/Warsaw'), ('PM', 'FSP', 'America/Miquelon'),
  ('PR', 'VQS', 'America/Puerto_Rico'), ('PT', 'LIS', 'Europe/Lisbon'), ('PW', 'ROR', 'Pacific/Palau'),
  ('PY', 'AGT', 'America/Asuncion'), ('QA', 'DOH', 'Asia/Qatar'), ('RE', 'RUN', 'Indian/Reunion'),
  ('RO', 'OTP', 'Europe/Bucharest'), ('RS', 'BEG', 'Europe/Belgrade'), ('RU', 'SVO', 'Europe/Moscow'),
  ('RW', 'KGL', 'Africa/Kigali'), ('SA', 'JED', 'Asia/Riyadh'), ('SB', 'HIR', 'Pacific/Guadalcanal'),
  ('SC', 'SEZ', 'Indian/Mahe'), ('SD', 'KRT', 'Africa/Khartoum'), ('SE', 'ARN', 'Europe/Stockholm'),
  ('SG', 'SIN', 'Asia/Singapore'), ('SH', 'ASI', 'Atlantic/St_Helena'), ('SI', 'LJU', 'Europe/Ljubljana'),
  ('SJ', 'LYR', 'Arctic/Longyearbyen'), ('SK', 'BTS', 'Europe/Bratislava'), ('SL', 'FNA', 'Africa/Freetown'),
  ('SN', 'DSS', 'Africa/Dakar'), ('SO', 'BBO', 'Africa/Mogadishu'), ('SR', 'PBM', 'America/Paramaribo'),
  ('SS', 'JUB', 'Africa/Juba'), ('ST', 'TMS', 'Africa/Sao_Tome'), ('SV', 'SAL', 'America/El_Salvador'),
  ('SX', 'SXM', 'America/Guadeloupe'), ('SY', 'DAM', 'Asia/Damascus'), ('SZ', 'SHO', 'Africa/Mbabane'),
  ('TC', 'PLS', 'America/Grand_Turk'), ('TD', 'NDJ', 'Africa/Ndjamena'), ('TG', 'LFW', 'Africa/Lome'),
  ('TH', 'BKK', 'Asia/Bangkok'), ('TJ', 'KQT', 'Asia/Dushanbe'), ('TL', 'DIL', 'Asia/Dili'),
  ('TM', 'ASB', 'Asia/Ashgabat'), ('TN', 'TUN', 'Africa/Tunis'), ('TO', 'TBU', 'Pacific/Tongatapu'),
  ('TR', 'IST', 'Europe/Istanbul'), ('TT', 'POS', 'America/Port_of_Spain'), ('TV', 'FUN', 'Pacific/Funafuti'),
  ('TW', 'TPE', 'Asia/Taipei'), ('TZ', 'JRO', 'Africa/Dar_es_Salaam'), ('UA', 'LWO', 'Europe/Kyiv'),
  ('UG', 'EBB', 'Africa/Kampala'), ('UM', 'AWK', 'Pacific/Wake'), ('US', 'ATL', 'America/New_York'),
  ('UY', 'MVD', 'America/Montevideo'), ('UZ', 'TAS', 'Asia/Tashkent'), ('VC', 'BQU', 'America/St_Vincent'),
  ('VE', 'CCS', 'America/Caracas'), ('VG', 'EIS', 'America/Tortola'), ('VI', 'STX', 'America/St_Thomas'),
  ('VN', 'HAN', 'Asia/Ho_Chi_Minh'), ('VU', 'VLI', 'Pacific/Efate'), ('WF', 'WLS', 'Pacific/Wallis'),
  ('WS', 'APW', 'Pacific/Apia'), ('XK', 'PRN', 'Europe/Belgrade'), ('YE', 'SAH', 'Asia/Aden'),
  ('YT', 'DZA', 'Indian/Mayotte'), ('ZA', 'JNB', 'Africa/Johannesburg'), ('ZM', 'LUN', 'Africa/Lusaka'),
  ('ZW', 'HRE', 'Africa/Harare');

-- Every agency's zone as its days are counted.
create view company_time_zones as
select c.id as company_id, coalesce(c.time_zone, z.time_zone, 'UTC') as time_zone
from companies c
left join country_time_zones z on z.country = c.country;

-- ── the booking's route and first departure ────────────────────────────────────────────────────────

-- Kept from the itinerary as booked, so neither the dashboard nor a recount over a million bookings
-- opens the itinerary's JSON: the route is the first leg's origin and destination ('LHR-JFK', a
-- connection's airports left out), the first departure's date is airport-local as printed.
alter table bookings
  add column route text not null generated always as (
    (itinerary #>> '{AirItinerary,OriginDestinationOptions,OriginDestinationOption,0,FlightSegment,0,DepartureAirport,LocationCode}')
    || '-' ||
    (itinerary -> 'AirItinerary' -> 'OriginDestinationOptions' -> 'OriginDestinationOption' -> 0
      -> 'FlightSegment' -> -1 -> 'ArrivalAirport' ->> 'LocationCode')
  ) stored,
  add column first_departure_date date not null generated always as (
    make_date(
      substr(itinerary #>> '{AirItinerary,OriginDestinationOptions,OriginDestinationOption,0,FlightSegment,0,DepartureDateTime}', 1, 4)::int,
      substr(itinerary #>> '{AirItinerary,OriginDestinationOptions,OriginDestinationOption,0,FlightSegment,0,DepartureDateTime}', 6, 2)::int,
      substr(itinerary #>> '{AirItinerary,OriginDestinationOptions,OriginDestinationOption,0,FlightSegment,0,DepartureDateTime}', 9, 2)::int)
  ) stored;

-- The dashboard's lists: departures of a day or two (`departs_from`/`departs_to`), holds whose
-- deadline is near (`status=booked&sort=deadline`).
create index bookings_company_departure_idx on bookings (company_id, first_departure_date);
create index bookings_company_hold_deadline_idx on bookings (company_id, ticketing_deadline)
  where status = 'booked';

-- ── rollups ──────────────────────────────────────────────────────────────────────────────────────

-- An agency's day (in its zone): what happened to its bookings that day and what money moved.
create table company_daily_stats (
  company_id uuid not null references companies (id) on delete cascade,
  day date not null,
  -- booking events of the day: holds made, ticketed (and their tickets), cancelled holds, voids,
  -- expired holds, refund requests approved
  bookings integer not null default 0,
  tickets integer not null default 0,
  ticketed_bookings integer not null default 0,
  cancellations integer not null default 0,
  voids integer not null default 0,
  expirations integer not null default 0,
  refunds integer not null default 0,
  -- ledger entries of the day, minor units of the agency's currency: ticket debits (positive),
  -- refund and void credits, approved deposits
  spend_minor bigint not null default 0,
  refunds_minor bigint not null default 0,
  deposits integer not null default 0,
  deposits_minor bigint not null default 0,
  primary key (company_id, day)
);
-- the platform's figures: every agency's days in a range
create index company_daily_stats_day_idx on company_daily_stats (day);

-- Searches apart: the search history is written in batches behind the answers, and would otherwise
-- queue behind booking transactions holding the day's row.
create table company_daily_searches (
  company_id uuid not null references companies (id) on delete cascade,
  day date not null,
  searches integer not null default 0,
  primary key (company_id, day)
);

-- A day's bookings, tickets and ticket spend by route ('LHR-JFK'), validating airline ('BA') and
-- the user who made the booking (their id): top routes, airlines and staff.
create table company_daily_breakdown (
  company_id uuid not null references companies (id) on delete cascade,
  dimension text not null check (dimension in ('route', 'airline', 'staff')),
  day date not null,
  key text not null,
  bookings integer not null default 0,
  tickets integer not null default 0,
  spend_minor bigint not null default 0,
  primary key (company_id, dimension, day, key)
);

-- ── what each source row adds ──────────────────────────────────────────────────────────────────────

-- A booking event's contribution on the agency's day of the event. A booking's tickets are counted
-- when it is ticketed (tickets are never deleted, so counting them later finds the same number).
create view analytics_event_deltas as
select
  e.id as event_id,
  b.company_id,
  (e.created_at at time zone z.time_zone)::date as day,
  b.route,
  b.validating_carrier as airline,
  b.created_by::text as staff,
  (e.action = 'booked')::int as bookings,
  case when e.action = 'ticketed'
    then (select count(*)::int from tickets t where t.booking_id = e.booking_id) else 0 end as tickets,
  (e.action = 'ticketed')::int as ticketed_bookings,
  (e.action = 'cancelled')::int as cancellations,
  (e.action = 'voided')::int as voids,
  (e.action = 'expired')::int as expirations,
  (e.action = 'refund_approved')::int as refunds
from booking_events e
join bookings b on b.id = e.booking_id
join company_time_zones z on z.company_id = b.company_id
where e.action in ('booked', 'ticketed', 'cancelled', 'voided', 'expired', 'refund_approved');

-- A ledger entry's contribution on the agency's day of the posting; a ticket debit also to its
-- booking's route, airline and maker. Adjustments count nowhere.
create view analytics_ledger_deltas as
select
  l.id as entry_id,
  l.company_id,
  (l.created_at at time zone z.time_zone)::date as day,
  b.route,
  b.validating_carrier as airline,
  b.created_by::text as staff,
  case when l.kind = 'ticket' then -l.amount_minor else 0 end as spend_minor,
  case when l.kind in ('refund', 'void') then l.amount_minor else 0 end as refunds_minor,
  (l.kind = 'deposit')::int as deposits,
  case when l.kind = 'deposit' then l.amount_minor else 0 end as deposits_minor
from ledger_entries l
join company_time_zones z on z.company_id = l.company_id
left join bookings b on b.id = l.booking_id and l.kind = 'ticket'
where l.kind in ('ticket', 'refund', 'void', 'deposit');

create view analytics_search_deltas as
select s.id as search_id, s.company_id, (s.created_at at time zone z.time_zone)::date as day
from search_history s
join company_time_zones z on z.company_id = s.company_id;

-- ── the recount ──────────────────────────────────────────────────────────────────────────────────

-- The rollups as the source rows make them, for one agency or (null) every agency.
create function analytics_stats_rows(p_company uuid) returns setof company_daily_stats
language sql stable as $$
  select company_id, day,
    sum(bookings)::int, sum(tickets)::int, sum(ticketed_bookings)::int, sum(cancellations)::int,
    sum(voids)::int, sum(expirations)::int, sum(refunds)::int,
    sum(spend_minor)::bigint, sum(refunds_minor)::bigint, sum(deposits)::int, sum(deposits_minor)::bigint
  from (
    select company_id, day, bookings, tickets, ticketed_bookings, cancellations, voids, expirations,
      refunds, 0::bigint as spend_minor, 0::bigint as refunds_minor, 0 as deposits,
      0::bigint as deposits_minor
    from analytics_event_deltas
    where p_company is null or company_id = p_company
    union all
    select company_id, day, 0, 0, 0, 0, 0, 0, 0, spend_minor, refunds_minor, deposits, deposits_minor
    from analytics_ledger_deltas
    where p_company is null or company_id = p_company
  ) deltas
  group by company_id, day
$$;

create function analytics_breakdown_rows(p_company uuid) returns setof company_daily_breakdown
language sql stable as $$
  select company_id, dimension, day, key, sum(bookings)::int, sum(tickets)::int, sum(spend_minor)::bigint
  from (
    select company_id, day, route, airline, staff, bookings, tickets, 0::bigint as spend_minor
    from analytics_event_deltas
    where (bookings > 0 or tickets > 0) and (p_company is null or company_id = p_company)
    union all
    select company_id, day, route, airline, staff, 0, 0, spend_minor
    from analytics_ledger_deltas
    where spend_minor <> 0 and route is not null and (p_company is null or company_id = p_company)
  ) deltas
  cross join lateral (values ('route', route), ('airline', airline), ('staff', staff)) as d (dimension, key)
  group by company_id, dimension, day, key
$$;

create function analytics_search_rows(p_company uuid) returns setof company_daily_searches
language sql stable as $$
  select company_id, day, count(*)::int
  from analytics_search_deltas
  where p_company is null or company_id = p_company
  group by company_id, day
$$;

-- Rebuilds the rollups of one agency (under its exclusive analytics lock, so no booking of the
-- agency adds to them meanwhile) or, without an argument, of every agency (the tables locked: for
-- bulk loads and migrations). A change of the agency's zone takes that lock first, then updates the
-- company row and calls this in the same transaction: writers holding the lock shared go on to lock
-- the company row for key share (foreign keys), so the other order could deadlock.
create function analytics_recount(p_company uuid default null) returns void language plpgsql as $$
begin
  if p_company is null then
    lock table company_daily_stats, company_daily_breakdown, company_daily_searches in access exclusive mode;
    truncate company_daily_stats, company_daily_breakdown, company_daily_searches;
  else
    perform pg_advisory_xact_lock(1512, hashtext(p_company::text));
    delete from company_daily_stats where company_id = p_company;
    delete from company_daily_breakdown where company_id = p_company;
    delete from company_daily_searches where company_id = p_company;
  end if;
  -- Planned with the argument known (EXECUTE), so one agency's recount reads its rows by index and
  -- every agency's scans the tables.
  execute 'insert into company_daily_stats select * from analytics_stats_rows($1)' using p_company;
  execute 'insert into company_daily_breakdown select * from analytics_breakdown_rows($1)' using p_company;
  execute 'insert into company_daily_searches select * from analytics_search_rows($1)' using p_company;
end;
$$;

-- ── the triggers ─────────────────────────────────────────────────────────────────────────────────

-- Before reading an agency's zone, a writer takes the agency's analytics lock shared: writers never
-- wait for each other, and a recount (exclusive) waits for those in flight and holds back new ones
-- until the zone it counted with is committed.
create function analytics_share_days(p_companies uuid[]) returns void language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(1512, hashtext(company_id::text))
  from (select distinct company_id from unnest(p_companies) as c (company_id) order by company_id) ordered;
end;
$$;

-- Statement triggers over the inserted rows (a search batch, a bulk load, one event: one upsert per
-- rollup row), their queries planned for the rows at hand (EXECUTE).
create function analytics_booking_events_added() returns trigger language plpgsql as $$
declare
  companies uuid[];
begin
  execute 'select array_agg(distinct b.company_id) from added a join bookings b on b.id = a.booking_id'
    into companies;
  perform analytics_share_days(companies);
  execute $sql$
    insert into company_daily_stats as s (company_id, day, bookings, tickets, ticketed_bookings,
      cancellations, voids, expirations, refunds)
    select d.company_id, d.day, sum(d.bookings), sum(d.tickets), sum(d.ticketed_bookings),
      sum(d.cancellations), sum(d.voids), sum(d.expirations), sum(d.refunds)
    from added a join analytics_event_deltas d on d.event_id = a.id
    group by d.company_id, d.day
    on conflict (company_id, day) do update set
      bookings = s.bookings + excluded.bookings,
      tickets = s.tickets + excluded.tickets,
      ticketed_bookings = s.ticketed_bookings + excluded.ticketed_bookings,
      cancellations = s.cancellations + excluded.cancellations,
      voids = s.voids + excluded.voids,
      expirations = s.expirations + excluded.expirations,
      refunds = s.refunds + excluded.refunds
  $sql$;
  execute $sql$
    insert into company_daily_breakdown as s (company_id, dimension, day, key, bookings, tickets)
    select d.company_id, k.dimension, d.day, k.key, sum(d.bookings), sum(d.tickets)
    from added a
    join analytics_event_deltas d on d.event_id = a.id
    cross join lateral (values ('route', d.route), ('airline', d.airline), ('staff', d.staff)) as k (dimension, key)
    where d.bookings > 0 or d.tickets > 0
    group by d.company_id, k.dimension, d.day, k.key
    on conflict (company_id, dimension, day, key) do update set
      bookings = s.bookings + excluded.bookings,
      tickets = s.tickets + excluded.tickets
  $sql$;
  return null;
end;
$$;

create function analytics_ledger_entries_added() returns trigger language plpgsql as $$
declare
  companies uuid[];
begin
  execute $sql$
    select array_agg(distinct company_id) from added
    where kind in ('ticket', 'refund', 'void', 'deposit')
  $sql$ into companies;
  if companies is null then
    return null;
  end if;
  perform analytics_share_days(companies);
  execute $sql$
    insert into company_daily_stats as s (company_id, day, spend_minor, refunds_minor, deposits,
      deposits_minor)
    select d.company_id, d.day, sum(d.spend_minor), sum(d.refunds_minor), sum(d.deposits),
      sum(d.deposits_minor)
    from added a join analytics_ledger_deltas d on d.entry_id = a.id
    group by d.company_id, d.day
    on conflict (company_id, day) do update set
      spend_minor = s.spend_minor + excluded.spend_minor,
      refunds_minor = s.refunds_minor + excluded.refunds_minor,
      deposits = s.deposits + excluded.deposits,
      deposits_minor = s.deposits_minor + excluded.deposits_minor
  $sql$;
  execute $sql$
    insert into company_daily_breakdown as s (company_id, dimension, day, key, spend_minor)
    select d.company_id, k.dimension, d.day, k.key, sum(d.spend_minor)
    from added a
    join analytics_ledger_deltas d on d.entry_id = a.id
    cross join lateral (values ('route', d.route), ('airline', d.airline), ('staff', d.staff)) as k (dimension, key)
    where d.spend_minor <> 0 and d.route is not null
    group by d.company_id, k.dimension, d.day, k.key
    on conflict (company_id, dimension, day, key) do update set
      spend_minor = s.spend_minor + excluded.spend_minor
  $sql$;
  return null;
end;
$$;

create function analytics_search_history_added() returns trigger language plpgsql as $$
declare
  companies uuid[];
begin
  execute 'select array_agg(distinct company_id) from added' into companies;
  perform analytics_share_days(companies);
  execute $sql$
    insert into company_daily_searches as s (company_id, day, searches)
    select d.company_id, d.day, count(*)
    from added a join analytics_search_deltas d on d.search_id = a.id
    group by d.company_id, d.day
    on conflict (company_id, day) do update set searches = s.searches + excluded.searches
  $sql$;
  return null;
end;
$$;

create trigger booking_events_analytics after insert on booking_events
  referencing new table as added for each statement
  execute function analytics_booking_events_added();
create trigger ledger_entries_analytics after insert on ledger_entries
  referencing new table as added for each statement
  execute function analytics_ledger_entries_added();
create trigger search_history_analytics after insert on search_history
  referencing new table as added for each statement
  execute function analytics_search_history_added();

-- The history made before this migration.
select analytics_recount();
