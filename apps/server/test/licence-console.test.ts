import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMANDS } from '../src/scripts/ops';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

// The ops console's licence:set asks the same blocker sources as the back office's switch: a live
// product the profile forbids (the demo catalogue's P2P tables under BR, owned by the catalogue,
// not by the site settings or the reward rules) refuses it as it refuses the switch.
describeEachDatabase('the ops console licence:set', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is refused with every blocker the back-office switch finds', async () => {
    const expected = await t.app.services.licence.changes.blockers('BR');
    expect(expected.some((b) => b.rule === 'forbiddenProducts')).toBe(true);
    const ctx = { database: t.database, print: () => undefined };
    await expect(COMMANDS['licence:set']!.run(ctx, ['BR', 'console', 'test'])).rejects.toMatchObject({
      errorCode: 'LICENCE_SWITCH_BLOCKED',
      value: { profile: 'BR', blockers: expected },
    });
    expect((await t.app.services.licence.view()).profile).toBe('permissive');
  });

  it('with --prepare, switches off what BR forbids as the demo installation does, then sets BR', async () => {
    const before = await t.app.services.licence.changes.blockers('BR');
    const printed: unknown[] = [];
    const ctx = { database: t.database, print: (value: unknown) => printed.push(value) };
    await COMMANDS['licence:set']!.run(ctx, ['BR', '--prepare', 'console', 'test']);
    expect((await t.app.services.licence.view()).profile).toBe('BR');
    const products = before.filter((b) => b.rule === 'forbiddenProducts').map((b) => `${b.kind} ${b.id}`);
    expect(printed).toEqual([{ profile: 'BR', switchedOff: products }]);
    expect(await t.app.services.licence.changes.blockers('BR')).toEqual([]);
  });
});
