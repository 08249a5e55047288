import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStatements, type AgentNode, type LiveContract, type PlayerActivity } from './settlement-compute';

// The money model in a settlement: for any tree, contracts and activity, the chain of every
// player's activity is paid the top agent's rate of it in all (salary: exactly, with the prefix
// floors), no payout is negative, and every statement's lines add up to its amount.

const tierOf = (rateBp: number) => [{ minAmountMinor: '0', minActivePlayers: 0, rateBp }];

/** A random forest: agent i's upline is one of the agents before it (or none), players under random agents. */
const world = fc
  .record({
    uplines: fc.array(fc.option(fc.nat(), { nil: null }), { minLength: 1, maxLength: 12 }),
    rates: fc.array(fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }), { minLength: 12, maxLength: 12 }),
    players: fc.array(fc.record({ agent: fc.nat(), base: fc.bigInt({ min: 0n, max: 10_000_000_000n }) }), {
      maxLength: 30,
    }),
  })
  .map(({ uplines, rates, players }) => {
    const agents: AgentNode[] = uplines.map((u, i) => ({
      id: String(i + 1),
      account: `a${i + 1}`,
      uplineId: u === null || i === 0 ? null : String((u % i) + 1),
    }));
    const contracts: LiveContract[] = agents.flatMap((a, i) =>
      rates[i] === null ? [] : [{ id: String(100 + i), memberId: a.id, tiers: tierOf(rates[i]!), carryIn: 0n }],
    );
    const activity: PlayerActivity[] = players.map((p, i) => ({
      memberId: String(1000 + i),
      account: `p${i}`,
      uplineId: String((p.agent % agents.length) + 1),
      base: p.base,
      active: p.base > 0n,
    }));
    return { agents, contracts, activity };
  });

function rootOf(agents: AgentNode[], id: string): string {
  const byId = new Map(agents.map((a) => [a.id, a]));
  let at = byId.get(id)!;
  while (at.uplineId !== null) at = byId.get(at.uplineId)!;
  return at.id;
}

describe('settlement statements (property)', () => {
  it('salary: the chain total is the top rate × each activity (prefix floors), nothing negative, lines add up', () => {
    fc.assert(
      fc.property(world, ({ agents, contracts, activity }) => {
        const statements = computeStatements('salary', activity, agents, contracts);
        const rateOf = new Map(contracts.map((c) => [c.memberId, c.tiers[0]!.rateBp]));
        const expected = activity.reduce(
          (sum, p) => sum + (BigInt(rateOf.get(rootOf(agents, p.uplineId)) ?? 0) * p.base) / 10_000n,
          0n,
        );
        expect(statements.reduce((sum, s) => sum + s.amount, 0n)).toBe(expected);
        for (const s of statements) {
          expect(s.amount >= 0n).toBe(true);
          expect(s.lines.reduce((sum, l) => sum + BigInt(l.amountMinor), 0n)).toBe(s.amount);
          expect(s.gross - s.downline).toBe(s.amount);
          for (const l of s.lines) expect(BigInt(l.amountMinor) >= 0n).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('dividend without a deficit: each tree is paid its top rate × its net loss, nothing negative', () => {
    fc.assert(
      fc.property(world, ({ agents, contracts, activity }) => {
        const statements = computeStatements('dividend', activity, agents, contracts);
        const rateOf = new Map(contracts.map((c) => [c.memberId, c.tiers[0]!.rateBp]));
        const perRoot = new Map<string, bigint>();
        for (const p of activity) {
          const root = rootOf(agents, p.uplineId);
          perRoot.set(root, (perRoot.get(root) ?? 0n) + p.base);
        }
        const expected = [...perRoot].reduce(
          (sum, [root, base]) => sum + (BigInt(rateOf.get(root) ?? 0) * base) / 10_000n,
          0n,
        );
        expect(statements.reduce((sum, s) => sum + s.amount, 0n)).toBe(expected);
        for (const s of statements) expect(s.amount >= 0n && s.carryOut === 0n).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('dividend: a negative base pays nothing and carries; the carry lowers the next base, not the rate', () => {
    const agents: AgentNode[] = [{ id: '1', account: 'a', uplineId: null }];
    const contract: LiveContract = {
      id: '9',
      memberId: '1',
      tiers: [...tierOf(500), { minAmountMinor: '100000', minActivePlayers: 0, rateBp: 1000 }],
      carryIn: 0n,
    };
    const losing = computeStatements(
      'dividend',
      [{ memberId: '5', account: 'p', uplineId: '1', base: -40_000n, active: true }],
      agents,
      [contract],
    );
    expect(losing[0]).toMatchObject({ amount: 0n, carryOut: -40_000n });
    const next = computeStatements(
      'dividend',
      [{ memberId: '5', account: 'p', uplineId: '1', base: 150_000n, active: true }],
      agents,
      [{ ...contract, carryIn: -40_000n }],
    );
    // The tier by the period's own 150 000 (10 %), on 150 000 − 40 000.
    expect(next[0]).toMatchObject({ tierRateBp: 1000, amount: 11_000n, carryOut: 0n, carryIn: -40_000n });
  });
});
