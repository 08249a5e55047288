import { ErrorCode } from '@wps/shared/error-codes';
import type { Kysely } from 'kysely';
import { AppError } from '../../http/app-error';
import type { Database } from '../../db/schema';
import type { GatewayService } from '../gateway/gateway.service';
import type { PreparedBets } from '../gateway/seamless.types';
import type { GameRow } from './lottery-games.repository';
import { lockDrawsForBet, type DrawRow } from './lottery-draws.repository';
import { addExposure, insertTickets, lockExposure, refuseTickets, type NewTicket, type TicketRow, type TicketSelection } from './lottery-tickets.repository';
import { lotteryVassalage, type LotteryRules, type Selection } from './lottery-rules';
import { drawRoundId, ticketTxId, type PlaceInput } from './lottery-ids';

// One placement batch (docs/lottery.md, "Placement at load"): many players' tickets written in
// one transaction, with the liability they add and their stakes, instead of three transactions
// and a dozen round trips each.
//
// Locks, in this order and no other: the batch's draws FOR SHARE in id order (a cut-off, close or
// void waits for the batch, so a ticket is accepted before the cut-off or refused); then, draw by
// draw in id order, the liability rows its tickets load, in key order; then the tickets' unique
// keys as they are inserted; then the wallet's accounts in id order and the players' rounds
// (seamless_apply). Two batches meet in the same order, so they wait for each other but never in
// a cycle; the wallet's other callers take accounts then rounds and never liability rows.

type Db = Kysely<Database>;

/** A ticket waiting for its batch: the slip checked alone, its game and its draw found. */
export type PlaceJob = { input: PlaceInput; game: GameRow; lines: number[]; drawId: string };

/** A job's answer: the ticket and the balance after its stake; a refusal; or "this key was used" (the caller replays it). */
export type PlaceAnswer = { ok: { ticket: TicketRow; draw: DrawRow; balanceMinor: bigint } } | { error: AppError } | { twin: true };

export type BatchContext = {
  trx: Db;
  rules: LotteryRules;
  seamless: Pick<GatewayService['seamless'], 'applyBetsWithin'>;
  prepared: PreparedBets;
  /** The group commit's slot: the wallet's house shard for this batch. */
  slot: number;
  now: Date;
};

/**
 * The largest stake per line in [min, wanted] whose liability fits every key's room, with that
 * liability, or null. `asked` is the liability at the wanted stake, computed once by the caller.
 */
function fitStake(
  rules: LotteryRules,
  game: GameRow,
  sel: Selection,
  wanted: bigint,
  asked: Map<string, bigint>,
  room: (key: string) => bigint,
): { stake: bigint; exposure: Map<string, bigint> } | null {
  const fits = (exposure: Map<string, bigint>) => [...exposure].every(([key, v]) => v <= room(key));
  if (fits(asked)) return { stake: wanted, exposure: asked };
  const at = (stake: bigint) => rules.exposure(game.family, sel, game.paytable, stake);
  let lo = game.limits.minStakeMinor;
  let loExposure = at(lo);
  if (!fits(loExposure)) return null;
  let hi = wanted;
  // Liability grows with the stake, so the largest stake that fits is found by halving.
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    const midExposure = at(mid);
    if (fits(midExposure)) {
      lo = mid;
      loExposure = midExposure;
    } else hi = mid;
  }
  return { stake: lo, exposure: loExposure };
}

type Planned = { ticket: NewTicket; exposure: Map<string, bigint> };

/**
 * One slip against the liability room left on its draw (what is held plus what earlier tickets of
 * the batch added): each selection at its stake, trimmed to the room or refused, and the ticket
 * refused when its largest payout passes the game's per-ticket limit.
 */
function planTicket(rules: LotteryRules, job: PlaceJob, room: (key: string) => bigint): Planned {
  const { input, game, lines } = job;
  const exposure = new Map<string, bigint>();
  const accepted: TicketSelection[] = [];
  let stake = 0n;
  let maxPayout = 0n;
  input.selections.forEach((sel, index) => {
    const asked = rules.exposure(game.family, sel, game.paytable, sel.stakePerLineMinor);
    const fit = fitStake(rules, game, sel, sel.stakePerLineMinor, asked, (key) => room(key) - (exposure.get(key) ?? 0n));
    if (fit === null || (fit.stake < sel.stakePerLineMinor && input.onLimit === 'refuse')) {
      throw new AppError(ErrorCode.LOTTERY_LIMIT_EXCEEDED, 'A number has too little liability room left for this stake', {
        index,
        requestedPerLineMinor: sel.stakePerLineMinor.toString(),
        availablePerLineMinor: fit?.stake.toString() ?? '0',
      });
    }
    for (const [key, v] of fit.exposure) exposure.set(key, (exposure.get(key) ?? 0n) + v);
    stake += fit.stake * BigInt(lines[index]!);
    maxPayout += rules.maxPayout(game.family, sel, game.paytable, fit.stake);
    accepted.push({
      betType: sel.betType,
      numbers: sel.numbers,
      position: sel.position,
      option: sel.option,
      lines: lines[index]!,
      stakePerLineMinor: fit.stake.toString(),
      ...(fit.stake < sel.stakePerLineMinor ? { requestedPerLineMinor: sel.stakePerLineMinor.toString() } : {}),
    });
  });
  if (maxPayout > game.limits.perTicketMinor) {
    throw new AppError(ErrorCode.LOTTERY_TICKET_LIMIT, 'This ticket could pay more than one ticket may', {
      maxPayoutMinor: maxPayout.toString(),
      perTicketMinor: game.limits.perTicketMinor.toString(),
    });
  }
  return { ticket: { drawId: job.drawId, memberId: input.memberId, idempotencyKey: input.idempotencyKey, selections: accepted, stakeMinor: stake, maxPayoutMinor: maxPayout }, exposure };
}

const sum = (into: Map<string, bigint>, add: Map<string, bigint>) => {
  for (const [key, v] of add) into.set(key, (into.get(key) ?? 0n) + v);
};

/** Write one batch inside `ctx.trx`; an answer per job, in order. */
export async function writeBatch(ctx: BatchContext, jobs: PlaceJob[]): Promise<PlaceAnswer[]> {
  const { trx, rules, now } = ctx;
  const answers: PlaceAnswer[] = new Array<PlaceAnswer>(jobs.length);
  const drawIds = [...new Set(jobs.map((j) => j.drawId))].sort((a, b) => Number(BigInt(a) - BigInt(b)));
  const draws = await lockDrawsForBet(trx, drawIds);

  // Jobs on a draw taking bets now, by draw; the others are refused.
  const byDraw = new Map<string, number[]>();
  jobs.forEach((job, i) => {
    const draw = draws.get(job.drawId);
    if (!draw || (draw.status !== 'open' && draw.status !== 'scheduled') || now < draw.opensAt || now >= draw.closesAt) {
      answers[i] = { error: new AppError(ErrorCode.LOTTERY_DRAW_CLOSED, 'Betting on this draw is closed', { numero: draw?.numero ?? job.input.numero ?? null }) };
      return;
    }
    byDraw.set(job.drawId, [...(byDraw.get(job.drawId) ?? []), i]);
  });

  // Each draw's liability rows locked once for all its jobs, then each job fitted in turn.
  const planned = new Map<number, Planned>();
  for (const drawId of drawIds) {
    const indices = byDraw.get(drawId);
    if (!indices) continue;
    const keys = indices.flatMap((i) => jobs[i]!.input.selections.flatMap((sel) => [...rules.exposure(jobs[i]!.game.family, sel, jobs[i]!.game.paytable, sel.stakePerLineMinor).keys()]));
    const held = await lockExposure(trx, drawId, keys);
    const added = new Map<string, bigint>();
    for (const i of indices) {
      const { game } = jobs[i]!;
      try {
        const plan = planTicket(rules, jobs[i]!, (key) => game.limits.perKeyMinor - (held.get(key) ?? 0n) - (added.get(key) ?? 0n));
        sum(added, plan.exposure);
        planned.set(i, plan);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        answers[i] = { error: err };
      }
    }
  }

  // The tickets, open; a key used before is no ticket of this batch.
  const written = await insertTickets(trx, [...planned.values()].map((p) => p.ticket), now);
  const staked: { i: number; ticket: TicketRow }[] = [];
  for (const [i, plan] of planned) {
    const ticket = written.get(`${plan.ticket.memberId}:${plan.ticket.idempotencyKey}`);
    // Two jobs of one batch with the same key: the first is written, the second replays it.
    if (!ticket || staked.some((s) => s.ticket.id === ticket.id)) answers[i] = { twin: true };
    else staked.push({ i, ticket });
  }

  // Their stakes, in this transaction.
  const results = await ctx.seamless.applyBetsWithin(
    trx,
    ctx.prepared,
    staked.map(({ i, ticket }) => ({
      vassalage: lotteryVassalage(jobs[i]!.game.prizeMode),
      memberId: ticket.memberId,
      transactionId: ticketTxId(ticket.id, 'bet'),
      roundId: drawRoundId(ticket.drawId, ticket.memberId),
      gameId: jobs[i]!.game.code,
      amountMinor: ticket.stakeMinor,
    })),
    ctx.slot,
  );
  const refused: { id: string; errorCode: string }[] = [];
  const load = new Map<string, Map<string, bigint>>();
  staked.forEach(({ i, ticket }, k) => {
    const result = results[k]!;
    if (result instanceof AppError) {
      refused.push({ id: ticket.id, errorCode: result.errorCode });
      answers[i] = { error: result };
      return;
    }
    sum(load.get(ticket.drawId) ?? load.set(ticket.drawId, new Map()).get(ticket.drawId)!, planned.get(i)!.exposure);
    answers[i] = { ok: { ticket, draw: draws.get(ticket.drawId)!, balanceMinor: BigInt(result.balanceMinor) } };
  });
  // Only staked tickets load the draw's liability; a refused one stays written, refused, with its code.
  for (const drawId of drawIds) if (load.has(drawId)) await addExposure(trx, drawId, load.get(drawId)!);
  await refuseTickets(trx, refused);
  return answers;
}
