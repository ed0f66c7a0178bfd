import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findBoundaryViolations, moduleCycles, type Violation } from './boundaries.js';

const SERVER = fileURLToPath(new URL('../../', import.meta.url));

describe("the server's boundaries", () => {
  it('hold in the tree: public entries, no loop between modules, layers, adapters, test places', () => {
    const violations = findBoundaryViolations(SERVER).map(
      ({ rule, file, detail }) => `${rule}: ${file} → ${detail}`,
    );
    expect(violations, 'docs/architecture.md §2 and decision 011 say why').toEqual([]);
  });
});

describe('the boundary check', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A server tree of the given files (path → source). */
  function tree(files: Record<string, string>): string {
    root = mkdtempSync(join(tmpdir(), 'skydesk-boundaries-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  const rulesOf = (violations: Violation[]) => violations.map(({ rule, file }) => `${rule} ${file}`);

  /** A small tree that keeps every rule; each case below breaks one. */
  const lawful: Record<string, string> = {
    'src/app.ts': [
      "import { bookingsModule } from './modules/bookings/index.js';",
      "import { createSandbox } from './supplier/sandbox/index.js';",
    ].join('\n'),
    'src/config.ts': 'export const config = {};',
    'src/platform/clock.ts': "import { config } from '../config.js';",
    'src/supplier/port.ts': "import type { Clock } from '../platform/clock.js';",
    'src/supplier/sandbox/index.ts': "export { fares } from './fares.js';",
    'src/supplier/sandbox/fares.ts': "import type { Port } from '../port.js';",
    'src/supplier/sandbox/fares.test.ts': "import { fares } from './fares.js';",
    'src/modules/payments/index.ts': "export { postLedgerEntry } from './ledger.js';",
    'src/modules/payments/ledger.ts': "import { sql } from 'kysely';",
    'src/modules/bookings/index.ts': "export { bookingsModule } from './plugin.js';",
    'src/modules/bookings/plugin.ts': [
      "import { postLedgerEntry } from '../payments/index.js';",
      "import type { Port } from '../../supplier/port.js';",
      "import { helper } from './booking/helper.js';",
    ].join('\n'),
    'src/modules/bookings/booking/helper.ts': 'export const helper = 1;',
    'src/modules/bookings/booking/helper.test.ts': "import { x } from '../../payments/ledger.js';",
    'test/support/app.ts': "import { buildApp } from '../../src/app.js';",
    'test/bookings/journey.test.ts': [
      "import { createTestApp } from '../support/app.js';",
      "import { sandboxBookings } from '../../src/supplier/sandbox/index.js';",
    ].join('\n'),
    'test/platform/contract.test.ts': "import { endpoints } from '@skydesk/contract';",
  };

  it('passes a tree that keeps every rule', () => {
    expect(findBoundaryViolations(tree(lawful))).toEqual([]);
  });

  it("finds an import of another module's file that is not its entry, and a module through its own entry", () => {
    const violations = findBoundaryViolations(
      tree({
        ...lawful,
        'src/modules/bookings/booking/helper.ts': "import { readBalance } from '../../payments/ledger.js';",
        'src/modules/payments/ledger.ts': "import { postLedgerEntry } from './index.js';",
      }),
    );
    expect(rulesOf(violations)).toEqual([
      'entry src/modules/bookings/booking/helper.ts',
      'entry src/modules/payments/ledger.ts',
    ]);
  });

  it('finds modules that depend on each other, round a loop of any length', () => {
    const violations = findBoundaryViolations(
      tree({
        ...lawful,
        'src/modules/payments/ledger.ts': "import { notify } from '../notices/index.js';",
        'src/modules/notices/index.ts': "import { bookingsModule } from '../bookings/index.js';",
      }),
    );
    expect(rulesOf(violations)).toEqual(['cycle src/modules/{bookings,notices,payments}']);
    expect(
      moduleCycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['a'])],
          ['c', new Set(['a'])],
        ]),
      ),
    ).toEqual([['a', 'b']]);
  });

  it('finds an adapter named outside the composition root, or reached past its entry', () => {
    const violations = findBoundaryViolations(
      tree({
        ...lawful,
        'src/modules/bookings/booking/helper.ts':
          "import { createSandbox } from '../../../supplier/sandbox/index.js';",
        'src/supplier/port.ts': "import type { Fares } from './sandbox/fares.js';",
        'src/db/seed.ts': "import { fares } from '../supplier/sandbox/fares.js';",
        'test/bookings/journey.test.ts': [
          "import { createTestApp } from '../support/app.js';",
          "import { fares } from '../../src/supplier/sandbox/fares.js';",
        ].join('\n'),
      }),
    );
    expect(rulesOf(violations)).toEqual([
      'adapter src/db/seed.ts',
      'adapter src/modules/bookings/booking/helper.ts',
      'adapter src/supplier/port.ts',
      'adapter test/bookings/journey.test.ts',
    ]);
  });

  it('finds a layer importing one above it', () => {
    const violations = findBoundaryViolations(
      tree({
        ...lawful,
        'src/platform/clock.ts': "import { bookingsModule } from '../modules/bookings/index.js';",
        'src/supplier/sandbox/fares.ts': "import { postLedgerEntry } from '../../modules/payments/index.js';",
      }),
    );
    expect(rulesOf(violations)).toEqual([
      'layer src/platform/clock.ts',
      'layer src/supplier/sandbox/fares.ts',
    ]);
  });

  it('finds a unit test under test/ that drives neither the app nor a process', () => {
    const violations = findBoundaryViolations(
      tree({
        ...lawful,
        'test/payments/ledger.test.ts':
          "import { postLedgerEntry } from '../../src/modules/payments/ledger.js';",
        'test/operations/script.test.ts': [
          "import { spawnSync } from 'node:child_process';",
          "import { config } from '../../src/config.js';",
        ].join('\n'),
      }),
    );
    expect(rulesOf(violations)).toEqual(['placement test/payments/ledger.test.ts']);
  });
});
