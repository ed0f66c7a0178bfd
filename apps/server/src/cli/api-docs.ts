import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiReference, withReference } from '../platform/http/api-reference.js';

/**
 * `npm run docs:api`: rewrites the generated part of docs/api.md from the contract (the
 * hand-written conventions above its marker stay). `--check` only says whether it is current.
 */
const target = fileURLToPath(new URL('../../../../docs/api.md', import.meta.url));
const current = readFileSync(target, 'utf8');
const next = withReference(current, await renderApiReference());
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('docs/api.md is not the contract: run `npm run docs:api` and commit it.');
    process.exit(1);
  }
  console.log('docs/api.md matches the contract.');
} else if (next === current) {
  console.log('docs/api.md already matches the contract.');
} else {
  writeFileSync(target, next);
  console.log('docs/api.md rewritten from the contract.');
}
