import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '#contract/env';
import { addressRefusal, isHttpUrl, isPublicWebUrl } from '#contract/web-address';

/** contract/web-address.ts: which addresses the server may reach for a user, and which URLs are stored. */
describe('addressRefusal', () => {
  it('refuses every non-public range, in IPv4 and IPv6 and their embedded forms', () => {
    const refused = [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.169.254',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.1',
      '203.0.113.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      'fec0::1',
      '100::1',
      '2001:db8::1',
      '2001::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:0:127.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '64:ff9b:1::1',
      '2002:7f00:1::1',
      '2002:a00:1::1',
      '::127.0.0.1',
      '[::1]',
    ];
    for (const address of refused) expect(addressRefusal(address), address).not.toBeNull();
  });

  it('lets public unicast through, also when embedded in IPv6', () => {
    for (const address of [
      '8.8.8.8',
      '93.184.216.34',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '2a00:1450:4001::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
    ]) {
      expect(addressRefusal(address), address).toBeNull();
    }
  });

  it('allows loopback only when the policy says so, and then only loopback (on the listed ports)', () => {
    expect(addressRefusal('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(addressRefusal('::1', { allowLoopback: true })).toBeNull();
    expect(addressRefusal('::ffff:127.0.0.1', { allowLoopback: true })).toBeNull();
    for (const address of ['0.0.0.0', '10.0.0.1', '169.254.169.254', '::', 'fd00::1'])
      expect(addressRefusal(address, { allowLoopback: true }), address).not.toBeNull();
    expect(addressRefusal('127.0.0.1', { allowLoopback: [8080] }, 8080)).toBeNull();
    expect(addressRefusal('127.0.0.1', { allowLoopback: [8080] }, 8081)).toBe('loopback');
  });
});

describe('stored URLs', () => {
  it('isHttpUrl accepts absolute http(s) URLs only', () => {
    for (const url of ['https://example.com', 'http://example.com:8080/a?b#c', 'HTTPS://EXAMPLE.COM/'])
      expect(isHttpUrl(url), url).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      '//example.com',
      '/a',
      'example.com',
      '',
      null,
      undefined,
    ]) {
      expect(isHttpUrl(url), String(url)).toBe(false);
    }
  });

  it('isPublicWebUrl also refuses local names and non-public IP literals in any spelling', () => {
    expect(isPublicWebUrl('https://shop.example.com/thanks')).toBe(true);
    for (const url of [
      'http://localhost/',
      'http://LocalHost.:3000/',
      'http://a.localhost/',
      'http://nas.local/',
      'http://intranet/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::ffff:7f00:1]/',
      'http://10.1.2.3/',
      'http://[fe80::1]/',
    ]) {
      expect(isPublicWebUrl(url), url).toBe(false);
    }
  });
});

describe('OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS', () => {
  it('is off by default, can be set outside production, and stops a production server from starting', () => {
    expect(parseEnv({}).OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS).toBeUndefined();
    expect(
      parseEnv({ APP_ENV: 'test', OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: 'true' }).OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS,
    ).toBe(true);
    expect(() =>
      parseEnv({ APP_ENV: 'production', SESSION_SECRET: 's', OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: 'true' }),
    ).toThrow(EnvError);
    expect(() =>
      parseEnv({ APP_ENV: 'production', SESSION_SECRET: 's', OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: 'true' }),
    ).toThrow(/OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS/);
  });
});
