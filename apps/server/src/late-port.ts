/**
 * A dependency a module receives after it is built. The composition root (services.ts) gives
 * dependencies at construction wherever the order allows; where two modules need each other, one
 * of them is built first and gets the other's part later, through one of these.
 *
 * Reading a port before it is set throws. These ports carry rules (the licence's payment rules,
 * responsible gaming's exclusions, whose a payout account is): a port that answered "nothing to
 * check" until wired would let an entry point that forgot the wiring (a CLI, a job host, a test
 * app) run with the rule switched off. A forgotten wiring now fails its first use, closed, and
 * `unwiredPorts` lets a test name every port a built set of services still lacks.
 */
export type LatePort<T> = {
  readonly name: string;
  readonly isSet: boolean;
  set(value: T): void;
  get(): T;
};

export function latePort<T>(name: string): LatePort<T> {
  let value: T | undefined;
  let isSet = false;
  return {
    name,
    get isSet() {
      return isSet;
    },
    set(next) {
      value = next;
      isSet = true;
    },
    get() {
      if (!isSet) throw new Error(`${name} was used before the composition root (services.ts) wired it`);
      return value as T;
    },
  };
}

/** What a service that takes late ports shows of them: the holders, for the wiring test. */
type WithLatePorts = { readonly latePorts: readonly LatePort<unknown>[] };

function hasLatePorts(value: unknown): value is WithLatePorts {
  return typeof value === 'object' && value !== null && Array.isArray((value as Partial<WithLatePorts>).latePorts);
}

/**
 * The names of the late ports no one has set, among the services given and the services they hold
 * (a service one holds, as rewards holds grants): what an entry point forgot to wire.
 */
export function unwiredPorts(services: object): string[] {
  const seen = new Set<unknown>();
  const names: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (hasLatePorts(value)) for (const port of value.latePorts) if (!port.isSet) names.push(port.name);
    if (depth > 0) for (const inner of Object.values(value)) visit(inner, depth - 1);
  };
  visit(services, 2);
  return names.sort();
}
