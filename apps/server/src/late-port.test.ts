import { describe, expect, it } from 'vitest';
import { latePort, unwiredPorts } from './late-port';

describe('late ports', () => {
  it('refuse to be read before they are set, and answer what was set after', () => {
    const port = latePort<(n: number) => number>('demo.double');
    expect(port.isSet).toBe(false);
    expect(() => port.get()).toThrow('demo.double was used before the composition root (services.ts) wired it');
    port.set((n) => n * 2);
    expect(port.isSet).toBe(true);
    expect(port.get()(21)).toBe(42);
  });

  it('are listed while unset, in the services given and in the services they hold', () => {
    const guard = latePort<() => void>('session.openGuard');
    const exclusion = latePort<() => boolean>('rewards.grants.demo');
    const services = {
      session: { latePorts: [guard], resolve: () => null },
      rewards: { grants: { latePorts: [exclusion] }, rules: {} },
      plain: { value: 1 },
    };
    expect(unwiredPorts(services)).toEqual(['rewards.grants.demo', 'session.openGuard']);
    exclusion.set(() => false);
    expect(unwiredPorts(services)).toEqual(['session.openGuard']);
    guard.set(() => undefined);
    expect(unwiredPorts(services)).toEqual([]);
  });
});
