/**
 * TRUST_PROXY takes a hop count or the proxies' addresses. A client's own
 * `X-Forwarded-For` entry never becomes its address: with one trusted hop, the address the proxy
 * appended (the last entry) is the client, whatever the client wrote before it.
 *
 * Observed through /wps/system/permission (the caller's address and country) and the region
 * block: the demo operator maps 203.0.113.0/24 (RFC 5737) to US and blocks US.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { PermissionResult } from '@wps/shared/schemas/system';
import { loadConfig, parseTrustProxy } from '../src/config';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

describe('parseTrustProxy', () => {
  it('reads a hop count, a list of addresses and CIDR blocks, or nothing', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.0.2.7,2001:db8::/32')).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '2001:db8::/32',
    ]);
    expect(parseTrustProxy('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses `true` (it used to trust every hop) and anything that is not an address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY=1/);
    for (const bad of ['yes', '10.0.0.0/33', '1.2.3', 'example.com', ',', '-1', '1.5']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('is what loadConfig puts in the configuration', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describeEachDatabase('client address behind proxies', (target) => {
  let direct: TestApp;
  let oneHop: TestApp;
  let listed: TestApp;

  beforeAll(async () => {
    [direct, oneHop, listed] = await Promise.all([
      createTestApp(target),
      createTestApp(target, { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy }),
      createTestApp(target, { trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([direct?.close(), oneHop?.close(), listed?.close()]);
  });

  async function seenAs(
    t: TestApp,
    remoteAddress: string,
    forwardedFor?: string,
  ): Promise<PermissionResult['location']> {
    const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/permission', remoteAddress, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ value: PermissionResult }>().value.location;
  }

  it('one trusted hop: the address the proxy appended is the client, not one the client wrote', async () => {
    expect(await seenAs(oneHop, '10.0.0.1', '6.6.6.6, 203.0.113.9')).toEqual({ ip: '203.0.113.9', country: 'US' });
    expect((await seenAs(oneHop, '10.0.0.1', '203.0.113.9, 6.6.6.6')).ip).toBe('6.6.6.6');
    expect((await seenAs(oneHop, '10.0.0.1', '203.0.113.9')).ip).toBe('203.0.113.9');
    expect((await seenAs(oneHop, '10.0.0.1')).ip).toBe('10.0.0.1');
  });

  it('one trusted hop: a spoofed leading entry neither triggers nor escapes the region block', async () => {
    const captcha = '/wps/captcha?captchaKey=trust-proxy-test-1';
    const blocked = await oneHop.app.inject({
      method: 'GET',
      url: captcha,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
    });
    expect(blocked.statusCode, blocked.body).toBe(403);
    expect(blocked.json<{ errorCode: string }>().errorCode).toBe(ErrorCode.REGION_RESTRICTED);
    const open = await oneHop.app.inject({
      method: 'GET',
      url: captcha,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9, 6.6.6.6' },
    });
    expect(open.statusCode, open.body).toBe(200);
  });

  it('listed proxies: only their hops are skipped; anyone else is taken at their socket address', async () => {
    expect((await seenAs(listed, '10.0.0.1', '6.6.6.6, 203.0.113.9')).ip).toBe('203.0.113.9');
    // Two listed proxies in a row are both walked over.
    expect((await seenAs(listed, '10.0.0.1', '203.0.113.9, 10.0.0.2')).ip).toBe('203.0.113.9');
    // Not a listed proxy: its header is the client's own claim and is ignored.
    expect((await seenAs(listed, '198.51.100.1', '203.0.113.9')).ip).toBe('198.51.100.1');
  });

  it('TRUST_PROXY unset: X-Forwarded-For is ignored', async () => {
    expect((await seenAs(direct, '10.0.0.1', '203.0.113.9')).ip).toBe('10.0.0.1');
    expect((await seenAs(direct, '198.51.100.1', '6.6.6.6, 203.0.113.9')).ip).toBe('198.51.100.1');
  });
});
