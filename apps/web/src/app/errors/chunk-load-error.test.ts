import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-load-error';

describe('isChunkLoadError', () => {
  it.each([
    new TypeError(
      'Failed to fetch dynamically imported module: https://skydesk.example/assets/users-page-3f2a.js',
    ),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module: https://skydesk.example/assets/x.js'),
    new Error('Unable to preload CSS for /assets/roles-page-91ab.css'),
    Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
  ])('recognises "$message"', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    new TypeError("Cannot read properties of undefined (reading 'name')"),
    new Error('Failed to fetch'),
    'Failed to fetch dynamically imported module',
    null,
  ])('leaves other errors alone (%s)', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
