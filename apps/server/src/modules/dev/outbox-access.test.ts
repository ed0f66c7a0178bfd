import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_OUTBOX_PUBLIC_CONSENT, loadConfig } from '../../config.js';
import { isLoopbackAddress, isLoopbackHost, outboxBannerLines, outboxServed } from './outbox-access.js';

/** Who may read the development outbox (issue 27); the calls themselves: test/platform/dev-outbox.test.ts. */
describe('the development outbox', () => {
  it('knows loopback addresses, IPv4 mapped into IPv6 included, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [
      undefined,
      '',
      '10.0.0.1',
      '0.0.0.0',
      '::',
      '::ffff:10.0.0.1',
      '128.0.0.1',
      'fe80::1',
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('skydesk.example')).toBe(false);
  });

  it('exists with the outbox on loopback, or anywhere once DEV_OUTBOX_PUBLIC names the risk', () => {
    expect(outboxServed(loadConfig({}))).toBe(true);
    expect(outboxServed(loadConfig({ HOST: '0.0.0.0' }))).toBe(false);
    expect(outboxServed(loadConfig({ HOST: '0.0.0.0', DEV_OUTBOX_PUBLIC: DEV_OUTBOX_PUBLIC_CONSENT }))).toBe(
      true,
    );
    expect(outboxServed(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }))).toBe(false);
  });

  it('reads the consent from DEV_OUTBOX_PUBLIC, to the letter', () => {
    expect(loadConfig({}).devOutboxPublic).toBe(false);
    expect(loadConfig({ DEV_OUTBOX_PUBLIC: DEV_OUTBOX_PUBLIC_CONSENT }).devOutboxPublic).toBe(true);
    for (const value of ['true', '1', 'yes']) {
      expect(() => loadConfig({ DEV_OUTBOX_PUBLIC: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ DEV_OUTBOX_PUBLIC: value }), value).toThrow(/DEV_OUTBOX_PUBLIC/);
    }
  });

  it('says in the start banner where mail goes, and who can read it', () => {
    const url = 'http://localhost:3000';
    const lines = (env: Record<string, string>) => outboxBannerLines(loadConfig(env), url).join('\n');
    expect(lines({})).toContain(`${url}/api/dev/outbox?to=<e-mail>`);
    expect(lines({})).toContain('this machine only');
    expect(lines({ HOST: '0.0.0.0' })).toContain('SMTP_URL');
    expect(lines({ HOST: '0.0.0.0' })).not.toContain('/api/dev/outbox?to=');
    expect(lines({ HOST: '0.0.0.0', DEV_OUTBOX_PUBLIC: DEV_OUTBOX_PUBLIC_CONSENT })).toMatch(/anyone/i);
    expect(lines({ SMTP_URL: 'smtp://mail.example:587' })).toMatch(/SMTP/);
  });
});
