import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { AccountType } from '@wps/shared/constants';
import type { ContractTier, ContractType } from '@wps/shared/schemas/agents';
import type { Database } from '../../../db/schema';
import type { SettlementWindow } from './settlement-periods';

// Fixtures of the settlement tests: agents and players inserted straight into the tables, rounds
// recorded as the seamless wallet records them, and contracts made live without the process calls.

type Db = Kysely<Database>;

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}${crypto.randomBytes(2).toString('hex')}`;

/** A member (agent or player) under `uplineId`, with a main wallet in BRL. */
export async function addMember(
  db: Db,
  uplineId: string | null,
  agent: boolean,
): Promise<{ id: string; account: string }> {
  const account = `st${uniq()}`.slice(0, 20);
  const { rows } = await sql<{ id: string }>`
    INSERT INTO members (account, type, password_hash, upline_id, language)
    VALUES (${account}, ${agent ? AccountType.AGENT_1 : AccountType.MEMBER}, 'x', ${uplineId}::bigint, 'PT') RETURNING id::text AS id`.execute(
    db,
  );
  return { id: rows[0]!.id, account };
}

/** A live contract of a type for an agent (with the house when `uplineId` is null). */
export async function addContract(
  db: Db,
  type: ContractType,
  memberId: string,
  uplineId: string | null,
  tiers: ContractTier[],
  period = 'day',
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO agent_contracts (type, upline_id, downline_id, tiers, period, status, offered_by_type, offered_by_id, answered_at)
    VALUES (${type}, ${uplineId}::bigint, ${memberId}::bigint, ${JSON.stringify(tiers)}::jsonb, ${period}, 'active', 'operator', '1', now())
    RETURNING id::text AS id`.execute(db);
  return rows[0]!.id;
}

export const flat = (rateBp: number): ContractTier[] => [{ minAmountMinor: '0', minActivePlayers: 0, rateBp }];

/** A settled round: `bet` staked, `win` won, settled at `at` (its transaction stamped by the trigger). */
export async function addRound(
  db: Db,
  memberId: string,
  bet: bigint,
  win: bigint,
  at: Date,
  status: 'open' | 'settled' = 'settled',
): Promise<string> {
  const roundId = `r${uniq()}`;
  await sql`
    INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, status, total_bet, total_win, settled_at)
    VALUES ('settle-test', ${roundId}, ${memberId}::bigint, 'n1', 'BRL', ${status}, ${bet.toString()}::bigint, ${win.toString()}::bigint,
            ${status === 'settled' ? at : null})`.execute(db);
  return roundId;
}

/** Settle an open round now, recording `at` as its settled time. */
export async function settleRound(db: Db, roundId: string, at: Date): Promise<void> {
  await sql`UPDATE game_rounds SET status = 'settled', settled_at = ${at} WHERE round_id = ${roundId}`.execute(db);
}

/** A main wallet's balance (0 without one). */
export async function balanceOf(db: Db, memberId: string): Promise<bigint> {
  const { rows } = await sql<{ balance: string }>`
    SELECT balance::text AS balance FROM ledger_accounts WHERE member_id = ${memberId}::bigint AND purpose = 'player_main'`.execute(
    db,
  );
  return BigInt(rows[0]?.balance ?? '0');
}

/** The day windows of a fixed past date onward (UTC days; the tests set the operator zone to UTC). */
export function dayWindow(daysAfter: number): SettlementWindow {
  const start = new Date(Date.UTC(2026, 0, 10 + daysAfter));
  return { key: start.toISOString().slice(0, 10), start, end: new Date(start.getTime() + 86_400_000) };
}

export type StatementRowLite = {
  memberId: string;
  amount: bigint;
  status: string;
  periodKey: string;
  carryOut: bigint;
};

export async function statementsOf(db: Db, periodKey?: string): Promise<StatementRowLite[]> {
  const { rows } = await sql<{ memberId: string; amount: string; status: string; periodKey: string; carryOut: string }>`
    SELECT member_id::text AS "memberId", amount_minor::text AS amount, status, period_key AS "periodKey", carry_out::text AS "carryOut"
      FROM agent_statements ${periodKey ? sql`WHERE period_key = ${periodKey}` : sql``} ORDER BY id`.execute(db);
  return rows.map((r) => ({ ...r, amount: BigInt(r.amount), carryOut: BigInt(r.carryOut) }));
}

/** How many ledger transactions of the agent kinds exist. */
export async function agentPayments(db: Db): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind IN ('agent_salary', 'agent_dividend')`.execute(db);
  return rows[0]!.n;
}
