import { type AdminExchange, adminChangeEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import { listExchanges, presentChange } from '../../bookings/index.js';

/** The newest exchanges the console lists (issue 32); older ones are in each booking's history. */
export const EXCHANGES_LISTED = 500;

/**
 * GET /api/admin/exchanges (issue 32): every exchange — a voluntary change or an airline's free
 * alternative taken — newest first, with its booking, its agency and its amounts.
 */
export function registerAdminExchangeRoutes({ route, store }: ModuleContext) {
  route(adminChangeEndpoints.exchanges, async () => {
    const rows = await listExchanges(store.db, EXCHANGES_LISTED);
    const data: AdminExchange[] = rows.map((row) => ({
      ...presentChange(row),
      booking_id: row.booking_id,
      pnr: row.pnr.trim(),
      company: { id: row.company_id, name: row.company_name },
    }));
    return { message: `${data.length} exchange${data.length === 1 ? '' : 's'}`, data };
  });
}
