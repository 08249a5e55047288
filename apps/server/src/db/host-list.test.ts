import { describe, expect, it } from 'vitest';
import { meetsTarget, parseHostList } from './host-list';

describe('parseHostList', () => {
  it('leaves a one-host URL to pg', () => {
    expect(parseHostList('postgres://u:p@db:5432/wps')).toBeNull();
    expect(parseHostList('postgres://u:p@db/wps?sslmode=require')).toBeNull();
  });

  it('reads every host, in order, with 5432 when no port is given', () => {
    const list = parseHostList(
      'postgres://u:p@a:5441,b,[::1]:5443/wps?target_session_attrs=read-write&sslmode=disable',
    );
    expect(list).toEqual({
      candidates: [
        { host: 'a', port: 5441 },
        { host: 'b', port: 5432 },
        { host: '::1', port: 5443 },
      ],
      target: 'read-write',
      // The rest of the URL is kept for pg; the attribute pg does not know is not.
      baseUrl: 'postgres://u:p@a:5441/wps?sslmode=disable',
    });
  });

  it("takes libpq's default target, any, and reads a one-host URL with a target too", () => {
    expect(parseHostList('postgresql://a:1,b:2/x')?.target).toBe('any');
    expect(parseHostList('postgres://u@a/x?target_session_attrs=primary')).toMatchObject({
      candidates: [{ host: 'a', port: 5432 }],
      target: 'primary',
      baseUrl: 'postgres://u@a:5432/x',
    });
  });

  it('refuses what it cannot read, so the configuration check names it', () => {
    expect(parseHostList('postgres://a:1,:2/x')).toBeNull();
    expect(parseHostList('postgres://a:1,b:99999/x')).toBeNull();
    expect(parseHostList('postgres://a:1,b:2/x?target_session_attrs=standby')).toBeNull();
    expect(parseHostList('mysql://a:1,b:2/x')).toBeNull();
  });
});

describe('meetsTarget', () => {
  const primary = { inRecovery: false, readOnly: false };
  const standby = { inRecovery: true, readOnly: true };
  const readOnlyPrimary = { inRecovery: false, readOnly: true };

  it('wants a writable session for read-write, a server out of recovery for primary', () => {
    expect([primary, standby, readOnlyPrimary].map((r) => meetsTarget('read-write', r))).toEqual([true, false, false]);
    expect([primary, standby, readOnlyPrimary].map((r) => meetsTarget('primary', r))).toEqual([true, false, true]);
    expect([primary, standby, readOnlyPrimary].map((r) => meetsTarget('any', r))).toEqual([true, true, true]);
  });
});
