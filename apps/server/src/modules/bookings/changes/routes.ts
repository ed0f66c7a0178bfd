import { changeEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import { createChangeService, type RemoteChangeSteps } from './service.js';

/**
 * Issue 32: changes after ticketing — change offers and their confirmation (idempotent: the
 * registrar honours `Idempotency-Key`). The schedule change's accept and cancel are the schedule
 * module's (schedule-changes/).
 */
export function registerChangeRoutes(
  { route, store, clock, platform, log }: ModuleContext,
  supplier: FlightSupplier,
  remote: RemoteChangeSteps | null = null,
) {
  const changes = createChangeService({
    db: store.db,
    clock,
    supplier,
    mailer: platform.mailer,
    log,
    remote,
  });

  route(changeEndpoints.changeOffers, async ({ principal, params, body }) => {
    const data = await changes.offers(principal, params.id, body);
    return {
      message:
        data.length === 0
          ? 'No flights to change to on these dates'
          : `${data.length} change offer${data.length === 1 ? '' : 's'}`,
      data,
    };
  });

  route(changeEndpoints.change, async ({ principal, params, body }) => ({
    message: 'Booking changed: new tickets issued',
    data: await changes.change(principal, params.id, body),
  }));

  return changes;
}
