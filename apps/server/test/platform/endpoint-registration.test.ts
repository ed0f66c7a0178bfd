import { toRoutePattern } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import { contractEndpoints, endpointLabel } from '../support/contract-endpoints.js';

/**
 * Every endpoint the contract declares is served: declaring one without building its route fails
 * here, naming it. Routes don't depend on the store, so one app of the embedded store answers.
 */

describe('the routes of the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 120_000);
  afterAll(async () => t?.close());

  it('are many (the enumeration finds the contract)', () => {
    expect(contractEndpoints.length).toBeGreaterThan(60);
  });

  it.each(contractEndpoints.map((endpoint) => [endpointLabel(endpoint), endpoint] as const))(
    '%s is registered by the app',
    (label, endpoint) => {
      const served = t.app.hasRoute({ method: endpoint.method, url: toRoutePattern(endpoint.path) });
      expect(served, `${label} is declared in the contract but the app has no route for it`).toBe(true);
    },
  );
});
