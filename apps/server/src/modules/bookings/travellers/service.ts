import type { PassengerType, Traveller } from '@skydesk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, TravellersTable } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import { listTravellers } from './repo.js';

/** The company's saved travellers (docs/api.md `GET /api/getTravellers`), filled in when booking. */
export function createTravellerService(deps: { db: Kysely<Database> }) {
  return {
    async list(principal: CompanyPrincipal, type: PassengerType | undefined): Promise<Traveller[]> {
      const rows = await listTravellers(deps.db, principal.companyId, type);
      return rows.map(presentTraveller);
    },
  };
}

export function presentTraveller(row: Selectable<TravellersTable>): Traveller {
  return {
    id: row.id,
    passenger_type: row.passenger_type,
    title: row.title,
    first_name: row.first_name,
    last_name: row.last_name,
    gender: row.gender,
    date_of_birth: row.date_of_birth,
    nationality: row.nationality,
    passport_number: row.passport_number,
    passport_expiry: row.passport_expiry,
    updated_at: row.updated_at.toISOString(),
  };
}
