import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  endpointTables,
  GENERATED_START,
  renderApiReference,
  withReference,
} from '../../src/platform/http/api-reference.js';

/**
 * docs/api.md is generated from the contract (`npm run docs:api`): an endpoint added or changed
 * without regenerating it fails here, so the reference a clone reads is the API it runs.
 */

const DOC = fileURLToPath(new URL('../../../../docs/api.md', import.meta.url));

describe('the API reference in docs/api.md', () => {
  it('is what the contract generates (run `npm run docs:api` after changing an endpoint)', async () => {
    const committed = readFileSync(DOC, 'utf8');
    expect(committed).toContain(GENERATED_START);
    expect(withReference(committed, await renderApiReference())).toBe(committed);
  });

  it('documents every endpoint of the contract once, with its access and answer', async () => {
    const reference = await renderApiReference();
    const endpoints = endpointTables().flatMap((table) => table.endpoints);
    expect(endpoints.length).toBeGreaterThan(100);
    for (const endpoint of endpoints) {
      const heading = `#### \`${endpoint.method} ${endpoint.path}\``;
      expect(reference.split(heading).length - 1, heading).toBe(1);
    }
    // Spot checks a reader relies on: a permission, an idempotent write, a shape, a file answer.
    const section = (heading: string) => reference.slice(reference.indexOf(heading)).split('\n#### ')[0]!;
    const issue = section('#### `POST /api/booking-issue`');
    expect(issue).toContain('**Permission:** `bookings.issue`');
    expect(issue).toContain('Idempotency-Key');
    expect(issue).toMatch(/pnr: string/);
    expect(section('#### `GET /api/booking/{id}/ticket.pdf`')).toContain('Answers the file itself');
    expect(section('#### `GET /api/health`')).toContain('public (no token)');
  });

  it('keeps the hand-written part above the marker and replaces only what follows it', () => {
    const document = `# Title\n\nConventions.\n\n${GENERATED_START}\n\nold reference\n`;
    expect(withReference(document, 'new reference\n')).toBe(
      `# Title\n\nConventions.\n\n${GENERATED_START}\n\nnew reference\n`,
    );
  });
});
