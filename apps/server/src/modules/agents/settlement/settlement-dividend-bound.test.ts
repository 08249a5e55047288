import fc from 'fast-check';
import type { ContractTier } from '@wps/shared/schemas/agents';
import { describe, expect, it } from 'vitest';
import { exceedsUpline, rateAt } from '../contract-rates';
import { computeStatements, type AgentNode, type LiveContract, type PlayerActivity } from './settlement-compute';

// The bound a dividend chain guarantees (docs/agents.md, "Dividend: the team's netted result"): in
// one period, the statements of a whole tree add up to exactly floor(topRate × max(0, topBase) /
// 10 000), where topBase is the top agent's netted team result plus the deficit its contract
// carries in, and topRate its tier for the period's own net loss. Branches that offset (one wins,
// another loses) are netted first, so a winning branch cannot be paid on its positive part alone.

const MAX_DEPTH = 4;
const AMOUNTS = [0n, 50_000n, 200_000n, 1_000_000n];

/** A house contract's tiers: 1 to 3, no two with the same thresholds (the shared schema's rule). */
const houseTiers = fc.uniqueArray(
  fc.record({
    minAmountMinor: fc.constantFrom(...AMOUNTS).map(String),
    minActivePlayers: fc.integer({ min: 0, max: 3 }),
    rateBp: fc.integer({ min: 0, max: 10_000 }),
  }),
  { minLength: 1, maxLength: 3, selector: (t) => `${t.minAmountMinor}/${t.minActivePlayers}` },
);

const carry = fc.oneof(fc.constant(0n), fc.bigInt({ min: -2_000_000n, max: 0n }));

/**
 * One to three trees of agents, 1 to 4 levels deep. A downline holds a contract only when its
 * upline does, with the upline's tiers at a lower or equal rate (some dropped): the rate cap. The
 * players' results are random in sign and size, and pairs of players under two random agents
 * offset each other exactly (one branch wins what the other loses).
 */
const forest = fc
  .record({
    roots: fc.array(fc.record({ tiers: fc.option(houseTiers, { nil: null, freq: 6 }), carryIn: carry }), {
      minLength: 1,
      maxLength: 3,
    }),
    nodes: fc.array(
      fc.record({
        parent: fc.nat(),
        hasContract: fc.boolean(),
        scalePct: fc.integer({ min: 0, max: 100 }),
        drop: fc.nat(),
        carryIn: carry,
      }),
      { maxLength: 12 },
    ),
    players: fc.array(
      fc.record({
        agent: fc.nat(),
        base: fc.bigInt({ min: -3_000_000n, max: 3_000_000n }),
        active: fc.boolean(),
      }),
      { maxLength: 20 },
    ),
    offsets: fc.array(
      fc.record({ winner: fc.nat(), loser: fc.nat(), amount: fc.bigInt({ min: 1n, max: 3_000_000n }) }),
      { maxLength: 4 },
    ),
  })
  .map(({ roots, nodes, players, offsets }) => {
    const agents: AgentNode[] = [];
    const depth: number[] = [];
    const root: number[] = [];
    const tiersAt: (ContractTier[] | null)[] = [];
    const contracts: LiveContract[] = [];
    const add = (uplineIndex: number | null, tiers: ContractTier[] | null, carryIn: bigint) => {
      const i = agents.length;
      agents.push({
        id: String(i + 1),
        account: `a${i + 1}`,
        uplineId: uplineIndex === null ? null : String(uplineIndex + 1),
      });
      depth.push(uplineIndex === null ? 1 : depth[uplineIndex]! + 1);
      root.push(uplineIndex === null ? i : root[uplineIndex]!);
      tiersAt.push(tiers);
      if (tiers) contracts.push({ id: String(100 + i), memberId: String(i + 1), tiers, carryIn });
    };
    for (const r of roots) add(null, r.tiers, r.carryIn);
    for (const node of nodes) {
      const eligible = depth.flatMap((d, i) => (d < MAX_DEPTH ? [i] : []));
      const up = eligible[node.parent % eligible.length]!;
      const upTiers = tiersAt[up]!;
      let tiers: ContractTier[] | null = null;
      if (upTiers && node.hasContract) {
        const scaled = upTiers.map((t) => ({ ...t, rateBp: Math.floor((t.rateBp * node.scalePct) / 100) }));
        if (scaled.length > 1) scaled.splice(node.drop % scaled.length, 1);
        tiers = scaled;
      }
      add(up, tiers, node.carryIn);
    }
    const activity: PlayerActivity[] = [];
    const addPlayer = (agent: number, base: bigint, active: boolean) => {
      const k = activity.length;
      activity.push({
        memberId: String(1000 + k),
        account: `p${k}`,
        uplineId: String((agent % agents.length) + 1),
        base,
        active,
      });
    };
    for (const p of players) addPlayer(p.agent, p.base, p.active);
    for (const o of offsets) {
      addPlayer(o.winner, -o.amount, true);
      addPlayer(o.loser, o.amount, true);
    }
    return { agents, root, tiersAt, contracts, activity };
  });

describe('dividend: a chain is paid its top rate × the top team netted base, never more (property)', () => {
  it('every tree is paid exactly floor(topRate × max(0, net + carry-in)), each payout within its own contract', () => {
    fc.assert(
      fc.property(forest, ({ agents, root, tiersAt, contracts, activity }) => {
        // The generator keeps the rate cap the contracts keep.
        agents.forEach((a, i) => {
          const tiers = tiersAt[i];
          if (tiers && a.uplineId !== null) expect(exceedsUpline(tiers, tiersAt[Number(a.uplineId) - 1]!)).toBe(false);
        });
        const statements = computeStatements('dividend', activity, agents, contracts);
        const rootOfMember = (id: string) => root[Number(id) - 1]!;

        const trees = new Set(root);
        for (const top of trees) {
          const team = activity.filter((p) => rootOfMember(p.uplineId) === top);
          const net = team.reduce((sum, p) => sum + p.base, 0n);
          const active = team.filter((p) => p.active).length;
          const contract = contracts.find((c) => c.memberId === agents[top]!.id);
          const base = contract ? net + contract.carryIn : 0n;
          const bound = contract && base > 0n ? (BigInt(rateAt(contract.tiers, net, active)) * base) / 10_000n : 0n;
          const paid = statements
            .filter((s) => rootOfMember(s.memberId) === top)
            .reduce((sum, s) => sum + s.amount, 0n);
          expect(paid <= bound, `tree of ${agents[top]!.account} paid ${paid}, bound ${bound}`).toBe(true);
          expect(paid).toBe(bound);
        }
        for (const s of statements) {
          const own = s.teamBase + s.carryIn;
          expect(s.amount >= 0n && s.downline >= 0n).toBe(true);
          expect(s.amount).toBe(s.gross - s.downline);
          // Never more than the agent's own contract gives on its own team's base.
          expect(s.gross <= (own > 0n ? (BigInt(s.rateBp) * own) / 10_000n : 0n)).toBe(true);
          expect(s.carryOut).toBe(own < 0n ? own : 0n);
        }
      }),
      { numRuns: 500 },
    );
  });
});
