import { adminEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import { createAuditService } from './service.js';

export function registerAuditRoutes({ route, store }: ModuleContext) {
  const audit = createAuditService({ db: store.db });

  route(adminEndpoints.audit, async ({ query }) => ({
    message: 'Audit log',
    data: await audit.list(query),
  }));
}
