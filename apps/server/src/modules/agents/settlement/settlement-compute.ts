import type { ContractTier } from '@wps/shared/schemas/agents';
import type { StatementLine } from '@wps/shared/schemas/agent-settlement';
import { rateAt } from '../contract-rates';
import { RATE_SCALE } from '../payout-split';

// One period's statements from the team's activity (docs/agents.md, "Settlement"): pure, so the
// money model's properties are tested without a database.
//
// Salary (a turnover base, never negative): every player's activity is split along its chain with
// the prefix floors of the money model (splitChainPayout): the amount paid up to agent i is
// floor(rate_i × base / 10 000); each agent's line for a source sums, over the players that came
// through that source, its own prefix floor (gross) and the one of the downline below it. The
// chain of every activity is paid floor(topRate × base / 10 000) exactly.
//
// Dividend (a net-loss base, which can be negative, with a deficit carried per contract): the split
// is made on each agent's whole team, netted: A's figure is floor(rate_A × (net_A + carryIn_A))
// when that base is positive, else 0; what is paid through A is that figure, shared down from the
// top when A's downline agents' figures add up to more than their upline's (a branch that won
// offsets one that lost: shareUplinePayouts), and A receives it less what was paid through its
// direct downline agents. A tree is so paid exactly floor(topRate × max(0, topNet + topCarryIn)),
// never more. A negative base pays nothing and carries to the contract's next period.

export type SettlementMode = 'salary' | 'dividend';

/** One player's figures in the period; `uplineId` is its direct agent. */
export type PlayerActivity = {
  memberId: string;
  account: string;
  uplineId: string;
  /** Turnover (salary) or net loss (dividend) counted in this period. */
  base: bigint;
  /** Whether the player has a round counted in this period. */
  active: boolean;
  /** Real-time salary: the player's turnover and activity in the day so far (the tiers' figures). */
  tierBase?: bigint;
  tierActive?: boolean;
};

export type AgentNode = { id: string; account: string; uplineId: string | null };
export type LiveContract = { id: string; memberId: string; tiers: readonly ContractTier[]; carryIn: bigint };

export type ComputedStatement = {
  contractId: string;
  memberId: string;
  teamBase: bigint;
  activePlayers: number;
  tierBase: bigint;
  tierActive: number;
  carryIn: bigint;
  carryOut: bigint;
  tierRateBp: number;
  rateBp: number;
  gross: bigint;
  downline: bigint;
  amount: bigint;
  lines: StatementLine[];
};

/** An agent's own share of a base at a rate: floor for salary (never negative), truncation for a dividend's signed line. */
function share(rateBp: number, base: number): number {
  const x = rateBp * base;
  if (Number.isSafeInteger(x)) return Math.trunc(x / 10_000);
  return Number((BigInt(rateBp) * BigInt(base)) / RATE_SCALE);
}

/** Money sums are kept as numbers while they stay exact (the figures of one period). */
function exact(n: number, what: string): number {
  if (!Number.isSafeInteger(n)) throw new RangeError(`settlement: ${what} too large to sum exactly`);
  return n;
}

/**
 * Dividend: what is paid through each downline agent, within what is paid through its upline
 * (docs/agents.md, "Dividend: the team's netted result"). Each contract's own figure is its rate
 * × its own team's base, but branches offset in the upline's team: a branch that won lowers the
 * upline's base and not the others'. When the downline agents' figures add up to more than what is
 * paid through their upline, that amount is shared among them in proportion to their figures
 * (floored; the upline keeps the minor units the floors leave), from the top down, so a tree is
 * paid exactly its top contract's figure and every agent's payout stays at or above 0.
 */
function shareUplinePayouts(through: Float64Array, parent: Int32Array, children: readonly number[][]): void {
  const order: number[] = [];
  for (let i = 0; i < parent.length; i++) if (parent[i]! < 0) order.push(i);
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const kids = children[i]!;
    let asked = 0n;
    for (const child of kids) {
      asked += BigInt(through[child]!);
      order.push(child);
    }
    const paid = BigInt(through[i]!);
    if (asked <= paid) continue;
    for (const child of kids) through[child] = Number((paid * BigInt(through[child]!)) / asked);
  }
}

/**
 * The statements of one period for the live contracts, from the players' activity and the agent
 * tree. Agents and players are indexed into arrays: the figures of a line through a downline
 * agent are that agent's team figures, so a line is kept per downline agent, not per pair.
 */
export function computeStatements(
  mode: SettlementMode,
  players: readonly PlayerActivity[],
  agents: readonly AgentNode[],
  contracts: readonly LiveContract[],
  /** Real-time salary: the day's figures before this window, per agent (added to the tiers' figures). */
  tierOffsets?: ReadonlyMap<string, { base: bigint; active: number }>,
): ComputedStatement[] {
  const n = agents.length;
  const index = new Map<string, number>();
  agents.forEach((a, i) => index.set(a.id, i));
  const parent = new Int32Array(n).fill(-1);
  agents.forEach((a, i) => {
    const up = a.uplineId === null ? undefined : index.get(a.uplineId);
    if (up !== undefined) parent[i] = up;
  });
  const contractAt: (LiveContract | undefined)[] = new Array<LiveContract | undefined>(n);
  for (const c of contracts) {
    const i = index.get(c.memberId);
    if (i !== undefined) contractAt[i] = c;
  }
  const chains: (Int32Array | undefined)[] = new Array<Int32Array | undefined>(n);
  /** The agents from `i` up to the top (a cycle ends it). */
  const chainOf = (i: number): Int32Array => {
    const known = chains[i];
    if (known) return known;
    const out: number[] = [];
    for (let at = i; at >= 0 && !out.includes(at); at = parent[at]!) out.push(at);
    return (chains[i] = Int32Array.from(out));
  };

  // Pass 1: the team figures of every agent, and each agent's direct players.
  const teamBase = new Float64Array(n);
  const teamActive = new Int32Array(n);
  const tierBase = new Float64Array(n);
  const tierActive = new Int32Array(n);
  const direct: number[][] = Array.from({ length: n }, () => []);
  const bases = new Float64Array(players.length);
  const directOf = new Int32Array(players.length).fill(-1);
  players.forEach((p, k) => {
    const d = index.get(p.uplineId);
    if (d === undefined) return;
    directOf[k] = d;
    const b = Number(p.base);
    bases[k] = b;
    const tb = p.tierBase === undefined ? b : Number(p.tierBase);
    const active = p.active ? 1 : 0;
    const tActive = (p.tierActive ?? p.active) ? 1 : 0;
    direct[d]!.push(k);
    const chain = chainOf(d);
    for (let j = 0; j < chain.length; j++) {
      const a = chain[j]!;
      teamBase[a] = teamBase[a]! + b;
      teamActive[a] = teamActive[a]! + active;
      tierBase[a] = tierBase[a]! + tb;
      tierActive[a] = tierActive[a]! + tActive;
    }
  });

  // Rates: the tier reached (0 without a contract), capped by every upline's from the top down.
  const ownRate = new Int32Array(n);
  const rate = new Int32Array(n).fill(-1);
  const tierFigures = (i: number) => {
    const offset = tierOffsets?.get(agents[i]!.id);
    const base =
      mode === 'dividend'
        ? BigInt(exact(teamBase[i]!, 'a team base'))
        : BigInt(exact(tierBase[i]!, 'a team base')) + (offset?.base ?? 0n);
    return { base, active: tierActive[i]! + (offset?.active ?? 0) };
  };
  const rateOf = (i: number): number => {
    if (rate[i]! >= 0) return rate[i]!;
    const c = contractAt[i];
    const f = c ? tierFigures(i) : undefined;
    ownRate[i] = c && f ? rateAt(c.tiers, f.base, f.active) : 0;
    rate[i] = parent[i]! >= 0 ? Math.min(ownRate[i]!, rateOf(parent[i]!)) : ownRate[i]!;
    return rate[i]!;
  };
  for (let i = 0; i < n; i++) rateOf(i);

  // What was paid through each agent on the activity that came through it (its line in its upline's statement).
  const through = new Float64Array(n);
  const uplineGross = new Float64Array(n);
  if (mode === 'salary') {
    for (let k = 0; k < players.length; k++) {
      const b = bases[k]!;
      if (directOf[k]! < 0 || b <= 0) continue;
      const chain = chainOf(directOf[k]!);
      for (let j = 0; j < chain.length; j++) {
        const a = chain[j]!;
        const paid = share(rate[a]!, b);
        through[a] = through[a]! + paid;
        if (j > 0) {
          const below = chain[j - 1]!;
          uplineGross[below] = uplineGross[below]! + paid;
        }
      }
    }
  }
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) if (parent[i]! >= 0) children[parent[i]!]!.push(i);
  if (mode === 'dividend') {
    for (const c of contracts) {
      const i = index.get(c.memberId);
      if (i === undefined) continue;
      const base = BigInt(exact(teamBase[i]!, 'a team base')) + c.carryIn;
      through[i] = base > 0n ? Number((BigInt(rate[i]!) * base) / RATE_SCALE) : 0;
    }
    shareUplinePayouts(through, parent, children);
  }

  const out: ComputedStatement[] = [];
  for (const c of contracts) {
    const i = index.get(c.memberId);
    const team = i === undefined ? 0 : teamBase[i]!;
    if (mode === 'salary' ? team <= 0 : team === 0 && c.carryIn === 0n) continue;
    const r = i === undefined ? 0 : rate[i]!;
    const lines: StatementLine[] = [];
    let gross = 0;
    let downline = 0;
    const push = (
      sourceMemberId: string,
      sourceAccount: string,
      sourceKind: 'agent' | 'player',
      base: number,
      active: number,
      downRate: number,
      g: number,
      d: number,
    ) => {
      gross += g;
      downline += d;
      lines.push({
        sourceMemberId,
        sourceAccount,
        sourceKind,
        baseMinor: String(base),
        activePlayers: active,
        rateBp: r,
        downlineRateBp: downRate,
        grossMinor: String(g),
        downlineMinor: String(d),
        amountMinor: String(g - d),
      });
    };
    if (i !== undefined) {
      for (const child of children[i]!) {
        if (teamBase[child] === 0 && teamActive[child] === 0) continue;
        const g = mode === 'salary' ? uplineGross[child]! : share(r, teamBase[child]!);
        push(
          agents[child]!.id,
          agents[child]!.account,
          'agent',
          teamBase[child]!,
          teamActive[child]!,
          rate[child]!,
          g,
          through[child]!,
        );
      }
      for (const k of direct[i]!) {
        const p = players[k]!;
        push(
          p.memberId,
          p.account,
          'player',
          bases[k]!,
          p.active ? 1 : 0,
          0,
          mode === 'salary' ? (bases[k]! > 0 ? share(r, bases[k]!) : 0) : share(r, bases[k]!),
          0,
        );
      }
    }
    lines.sort(
      (a, b) => a.sourceMemberId.length - b.sourceMemberId.length || (a.sourceMemberId < b.sourceMemberId ? -1 : 1),
    );
    const f = i === undefined ? { base: 0n, active: 0 } : tierFigures(i);
    let amount = BigInt(exact(gross - downline, 'a payout'));
    let carryOut = 0n;
    let grossOut = BigInt(exact(gross, 'a gross'));
    if (mode === 'dividend') {
      const base = BigInt(exact(team, 'a team base')) + c.carryIn;
      grossOut = BigInt(i === undefined ? 0 : through[i]!);
      // Never negative: shareUplinePayouts keeps what is paid through the downlines within it.
      amount = grossOut - BigInt(exact(downline, 'a downline sum'));
      carryOut = base < 0n ? base : 0n;
    }
    out.push({
      contractId: c.id,
      memberId: c.memberId,
      teamBase: BigInt(exact(team, 'a team base')),
      activePlayers: i === undefined ? 0 : teamActive[i]!,
      tierBase: f.base,
      tierActive: f.active,
      carryIn: c.carryIn,
      carryOut,
      tierRateBp: i === undefined ? 0 : ownRate[i]!,
      rateBp: r,
      gross: grossOut,
      downline: BigInt(exact(downline, 'a downline sum')),
      amount,
      lines,
    });
  }
  return out;
}
