import type { PassengerType } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import type { NewPassenger } from '../booking/repo.js';

/** The company's saved travellers: a passport (nationality + number) names one traveller. */

type Db = Kysely<Database> | Transaction<Database>;

export type TravellerIdentity = Omit<NewPassenger, 'traveller_id' | 'fare_minor' | 'taxes_minor'>;

export const listTravellers = (db: Db, companyId: string, type: PassengerType | undefined) => {
  let query = db.selectFrom('travellers').selectAll().where('company_id', '=', companyId);
  if (type) query = query.where('passenger_type', '=', type);
  return query.orderBy('last_name').orderBy('first_name').orderBy('id').execute();
};

/** Which of these ids are the company's travellers (another company's look missing). */
export async function ownTravellerIds(
  db: Db,
  companyId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('travellers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Saves each passenger as a traveller: a passport already saved updates that traveller (names,
 * expiry and type change over the years), another one adds a traveller. Returns their ids in order.
 */
export async function saveTravellers(
  trx: Transaction<Database>,
  input: { companyId: string; userId: string; at: Date; passengers: readonly TravellerIdentity[] },
): Promise<string[]> {
  const ids: string[] = [];
  for (const passenger of input.passengers) {
    const row = await trx
      .insertInto('travellers')
      .values({
        ...passenger,
        company_id: input.companyId,
        created_by: input.userId,
        created_at: input.at,
        updated_at: input.at,
      })
      .onConflict((conflict) =>
        conflict.columns(['company_id', 'nationality', 'passport_number']).doUpdateSet((eb) => ({
          passenger_type: eb.ref('excluded.passenger_type'),
          title: eb.ref('excluded.title'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          gender: eb.ref('excluded.gender'),
          date_of_birth: eb.ref('excluded.date_of_birth'),
          passport_expiry: eb.ref('excluded.passport_expiry'),
          updated_at: input.at,
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}
