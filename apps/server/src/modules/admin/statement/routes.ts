import { adminPaymentEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import { createStatementService, serveStatement } from '../../payments/index.js';

/**
 * An agency's statement for the operators (docs/api.md#back-office): the agency's own statement,
 * pages and exports alike, for any agency by id (404 for an unknown one). Reading it changes
 * nothing, so it writes no audit entry.
 */
export function registerAdminStatementRoutes({ route, store, clock }: ModuleContext) {
  const statements = createStatementService({ store, clock });
  route(adminPaymentEndpoints.companyStatement, ({ params, query, reply }) =>
    serveStatement({ statements, clock }, params.id, query, reply),
  );
}
