import { describe, expect, it } from 'vitest';
import { ConfigError, DUFFEL_API_DEFAULT_URL, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on the embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: './data',
      databaseUrl: undefined,
      mailTransport: 'outbox',
      mailFrom: 'SkyDesk <no-reply@skydesk.local>',
      accessTokenTtlSeconds: 1800,
      demoData: true,
      currency: 'USD',
      logLevel: 'info',
    });
  });

  it('turns demo data off by default on a PostgreSQL server, and lets DEMO_DATA decide', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/db' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/db', DEMO_DATA: 'true' }).demoData).toBe(
      true,
    );
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('switches mail to SMTP when SMTP_URL is set', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mailTransport).toBe('smtp');
  });

  it('gives a new socket 5 s to authenticate, never longer (docs/api.md: WebSocket /api/ws)', () => {
    expect(loadConfig({}).liveAuthTimeoutMs).toBe(5_000);
    expect(loadConfig({ LIVE_AUTH_TIMEOUT_MS: '300' }).liveAuthTimeoutMs).toBe(300);
    expect(() => loadConfig({ LIVE_AUTH_TIMEOUT_MS: '5001' })).toThrow(/LIVE_AUTH_TIMEOUT_MS/);
  });

  it('makes PUBLIC_URL follow HOST and PORT unless it is set (e-mailed links open where the server listens)', () => {
    expect(loadConfig({ PORT: '3108' }).publicUrl).toBe('http://localhost:3108');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '10.0.0.5', PORT: '8080' }).publicUrl).toBe('http://10.0.0.5:8080');
    expect(loadConfig({ HOST: 'fd00::5', PORT: '8080' }).publicUrl).toBe('http://[fd00::5]:8080');
    expect(loadConfig({ HOST: 'portal.internal' }).publicUrl).toBe('http://portal.internal:3000');
    expect(loadConfig({ PORT: '3108', PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe(
      'https://portal.example.com',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('fails fast naming every bad key', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CURRENCY: 'usd' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL/);
    expect(attempt).toThrow(/CURRENCY/);
  });

  it('refuses a short JWT secret', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('bounds live holds by default, and lets 0 turn either bound off', () => {
    expect(loadConfig({})).toMatchObject({ holdValueRatio: 1, maxHeldSeatsPerFlight: 18 });
    expect(loadConfig({ HOLD_VALUE_RATIO: '0.5', MAX_HELD_SEATS_PER_FLIGHT: '0' })).toMatchObject({
      holdValueRatio: 0.5,
      maxHeldSeatsPerFlight: 0,
    });
    expect(() => loadConfig({ HOLD_VALUE_RATIO: '-1' })).toThrow(/HOLD_VALUE_RATIO/);
    expect(() => loadConfig({ MAX_HELD_SEATS_PER_FLIGHT: '2.5' })).toThrow(/MAX_HELD_SEATS_PER_FLIGHT/);
  });

  it('leaves Duffel off without an access token (the sandbox alone, no network), and on with one', () => {
    expect(loadConfig({})).toMatchObject({ duffel: null, supplierSearchDeadlineMs: 4_000 });
    expect(loadConfig({ DUFFEL_API_URL: 'http://127.0.0.1:9' }).duffel).toBeNull();
    // Without DUFFEL_API_URL the adapter goes to Duffel's own host (never reached by a test).
    expect(loadConfig({ DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123' }).duffel?.apiUrl).toBe(
      DUFFEL_API_DEFAULT_URL,
    );
    expect(
      loadConfig({
        DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123',
        DUFFEL_API_URL: 'http://127.0.0.1:4010',
        DUFFEL_WEBHOOK_SECRET: 'whsec_1234567',
      }).duffel,
    ).toEqual({
      accessToken: 'duffel_test_abc123',
      apiUrl: 'http://127.0.0.1:4010',
      webhookSecret: 'whsec_1234567',
    });
    expect(
      loadConfig({ DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123', DUFFEL_API_URL: 'http://127.0.0.1:4010/' })
        .duffel?.apiUrl,
    ).toBe('http://127.0.0.1:4010');
    // issue 29: no search waits more than 10 s for a supplier.
    expect(() => loadConfig({ SUPPLIER_SEARCH_DEADLINE_MS: '10001' })).toThrow(/SUPPLIER_SEARCH_DEADLINE_MS/);
    expect(() => loadConfig({ DUFFEL_API_URL: 'not a url' })).toThrow(/DUFFEL_API_URL/);
  });
});
