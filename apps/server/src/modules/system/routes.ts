import { AppError, systemEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';

export function registerSystemRoutes({ route, store, version, clock }: ModuleContext) {
  const startedAt = clock.now().getTime();

  route(systemEndpoints.health, async () => {
    try {
      await store.ping();
    } catch {
      throw new AppError('unavailable', 'The store is not answering');
    }
    return {
      message: 'SkyDesk is up',
      data: {
        status: 'ok' as const,
        store: 'ok' as const,
        version,
        uptime_seconds: Math.round((clock.now().getTime() - startedAt) / 1000),
      },
    };
  });
}
