import { adminChangeEndpoints } from '@skydesk/contract';
import { operatorAction } from '../../../platform/audit/operator-action.js';
import type { ModuleContext } from '../../../platform/module.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import { createScheduleChangeService } from '../../bookings/index.js';

/**
 * The operators' side of airlines' schedule changes (issue 32): the list with the bookings each
 * touches and their answers, a change published by hand on a chosen sandbox flight, and one
 * booking's deadline extended — each action in the audit log.
 */
export function registerAdminScheduleChangeRoutes(
  { route, store, clock, log }: ModuleContext,
  supplier: FlightSupplier,
) {
  const scheduleChanges = createScheduleChangeService({ db: store.db, clock, supplier, log });

  route(adminChangeEndpoints.scheduleChanges, async () => {
    const data = await scheduleChanges.list();
    return { message: `${data.length} schedule change${data.length === 1 ? '' : 's'}`, data };
  });

  route(adminChangeEndpoints.publishScheduleChange, async ({ principal, request, body }) => ({
    message: 'Schedule change published',
    data: await scheduleChanges.publish(operatorAction(principal, request), body),
  }));

  route(adminChangeEndpoints.extendDeadline, async ({ principal, request, params, body }) => ({
    message: 'Deadline extended',
    data: await scheduleChanges.extendDeadline(operatorAction(principal, request), params.id, body),
  }));
}
