-- Issue 30 (docs/decisions/021-carriers-from-their-bases.md): the sandbox network now flies real
-- carriers from their real bases, so some countries' busiest airports in it changed
-- (supplier/sandbox/country-time-zones.ts computes them; the sandbox's country-time-zones.test.ts
-- holds this table equal to it). One zone moves: Canada's busiest airport is Toronto Pearson, as in
-- life, no longer Vancouver. Canadian agencies that count their days in their country's zone are
-- recounted in it (an agency that chose a zone keeps it).
update country_time_zones as z
set airport = v.airport, time_zone = v.time_zone
from (values
  ('AR', 'EZE', 'America/Argentina/Buenos_Aires'), ('AS', 'FTI', 'Pacific/Pago_Pago'),
  ('BO', 'LPB', 'America/La_Paz'), ('CA', 'YYZ', 'America/Toronto'),
  ('CI', 'ABJ', 'Africa/Abidjan'), ('CN', 'PVG', 'Asia/Shanghai'), ('CY', 'LCA', 'Asia/Nicosia'),
  ('EC', 'UIO', 'America/Guayaquil'), ('GA', 'GAX', 'Africa/Libreville'),
  ('GG', 'GCI', 'Europe/Guernsey'), ('GL', 'GOH', 'America/Godthab'),
  ('IQ', 'BGW', 'Asia/Baghdad'), ('MH', 'MAJ', 'Pacific/Majuro'), ('MW', 'LLW', 'Africa/Blantyre'),
  ('NC', 'NOU', 'Pacific/Noumea'), ('NG', 'LOS', 'Africa/Lagos'),
  ('SO', 'HGA', 'Africa/Mogadishu'), ('ST', 'PCP', 'Africa/Sao_Tome'),
  ('TJ', 'DYU', 'Asia/Dushanbe'), ('TZ', 'DAR', 'Africa/Dar_es_Salaam'),
  ('VC', 'SVD', 'America/St_Vincent'), ('VI', 'STT', 'America/St_Thomas'),
  ('VN', 'SGN', 'Asia/Ho_Chi_Minh'), ('YE', 'ADE', 'Asia/Aden')
) as v(country, airport, time_zone)
where z.country = v.country;

select analytics_recount(id) from companies where country = 'CA' and time_zone is null;
