import { adminSupplierEndpoints } from '@skydesk/contract';
import { operatorAction } from '../../../platform/audit/operator-action.js';
import type { ModuleContext } from '../../../platform/module.js';
import type { SupplierConsole } from '../../../supplier/supplier-set.js';
import { createAdminSupplierService } from './service.js';

export function registerAdminSupplierRoutes(
  { route, store, clock, config }: ModuleContext,
  console: SupplierConsole,
) {
  const suppliers = createAdminSupplierService({ db: store.db, clock, currency: config.currency, console });

  route(adminSupplierEndpoints.suppliers, async () => ({
    message: 'Suppliers',
    data: await suppliers.list(),
  }));

  route(adminSupplierEndpoints.supplier, async ({ params }) => ({
    message: 'Supplier',
    data: await suppliers.get(params.code),
  }));

  route(adminSupplierEndpoints.updateSupplier, async ({ principal, request, params, body }) => ({
    message: 'Supplier updated',
    data: await suppliers.update(operatorAction(principal, request), params.code, body),
  }));

  route(adminSupplierEndpoints.rates, async () => ({
    message: 'Currency rates',
    data: await suppliers.rates(),
  }));

  route(adminSupplierEndpoints.setRates, async ({ principal, request, body }) => ({
    message: 'Currency rates set',
    data: await suppliers.setRates(operatorAction(principal, request), body),
  }));
}
