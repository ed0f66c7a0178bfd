import { adminWorkEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import { createWorkQueueService } from './service.js';

export function registerWorkQueueRoutes({ route, store }: ModuleContext) {
  const work = createWorkQueueService({ db: store.db });

  route(adminWorkEndpoints.workQueue, async () => ({
    message: 'Work queue',
    data: await work.now(),
  }));
}
