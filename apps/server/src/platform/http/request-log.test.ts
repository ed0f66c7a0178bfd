import { describe, expect, it } from 'vitest';
import { isStaticFileRequest } from './request-log.js';

describe('which requests are the SPA’s files (logged at debug)', () => {
  it('counts the pages, scripts and styles read or revalidated', () => {
    expect(isStaticFileRequest('GET', '/', 200)).toBe(true);
    expect(isStaticFileRequest('GET', '/assets/index-3f6c1a2e.js', 200)).toBe(true);
    expect(isStaticFileRequest('HEAD', '/favicon.svg', 200)).toBe(true);
    expect(isStaticFileRequest('GET', '/dashboard/search-flights', 200)).toBe(true);
    expect(isStaticFileRequest('GET', '/assets/index-3f6c1a2e.css', 304)).toBe(true);
  });

  it('leaves the API, the metrics and every failure at info', () => {
    expect(isStaticFileRequest('GET', '/api/health', 200)).toBe(false);
    expect(isStaticFileRequest('GET', '/api', 404)).toBe(false);
    expect(isStaticFileRequest('GET', '/metrics', 200)).toBe(false);
    expect(isStaticFileRequest('POST', '/dashboard', 404)).toBe(false);
    expect(isStaticFileRequest('GET', '/assets/gone-1234.js', 404)).toBe(false);
    expect(isStaticFileRequest('GET', '/assets/index.js', 500)).toBe(false);
  });
});
