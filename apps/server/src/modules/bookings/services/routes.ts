import { serviceEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import type { SupplierSaga } from '../remote/saga.js';
import { createServiceSales } from './add-services.js';
import { createServiceCatalog } from './catalog.js';

/**
 * docs/api.md's third wave: seats and bags beyond the fare (issue 31). The catalog of an offer before
 * booking; a booking's services and what it may still add; seats and bags added after issue, paid at
 * once (idempotent: the registrar honours `Idempotency-Key`).
 */
export function registerServiceRoutes(
  { route, store, clock }: ModuleContext,
  supplier: FlightSupplier,
  saga: SupplierSaga | null,
) {
  // Issue 31: a remote airline's bags after issue go through the order saga (remote/order-services.ts).
  const remote = saga?.orderServices ?? null;
  const catalog = createServiceCatalog({ db: store.db, supplier, clock, remote });
  const sales = createServiceSales({
    db: store.db,
    clock,
    supplier,
    remote,
    present: catalog.presentBookingServices,
  });

  route(serviceEndpoints.offerServices, async ({ query }) => {
    const data = await catalog.forOffer(query.offer_id);
    return { message: `${data.bags.length} bag offer${data.bags.length === 1 ? '' : 's'}`, data };
  });

  route(serviceEndpoints.bookingServices, async ({ principal, params }) => {
    const data = await catalog.forBooking(principal, params.id);
    return { message: `${data.services.length} service${data.services.length === 1 ? '' : 's'}`, data };
  });

  route(serviceEndpoints.addServices, async ({ principal, params, body }) => {
    const data = await sales.add(principal, params.id, body);
    return { message: 'Seats and bags added', data };
  });
}
