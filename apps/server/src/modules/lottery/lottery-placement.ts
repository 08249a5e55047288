import { ErrorCode } from '@wps/shared/error-codes';
import { lotteryProductClass, type ProductClass } from '@wps/shared/licence';
import type { Kysely } from 'kysely';
import { AppError } from '../../http/app-error';
import type { Database } from '../../db/schema';
import type { GatewayService } from '../gateway/gateway.service';
import type { PreparedBets } from '../gateway/seamless.types';
import type { GameRow } from './lottery-games.repository';
import { lockDrawsForBet, type DrawRow } from './lottery-draws.repository';
import { addExposure, lockExposure } from './lottery-exposure.repository';
import {
  insertTickets,
  refuseTickets,
  type NewTicket,
  type TicketRow,
  type TicketSelection,
} from './lottery-tickets.repository';
import { lotteryVassalage, type LotteryRules, type Selection } from './lottery-rules';
import { drawRoundId, ticketTxId, type PlaceInput } from './lottery-ids';
import { compareIds } from '../../db/ids';

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
// A second round (tickets planned again into room the wallet's refusals gave back) takes more
// tickets' keys and accounts after the first round's, out of id order: such a deadlock is rare,
// and the batch is run again like any other (group commit's `recover`).

type Db = Kysely<Database>;

/** A ticket waiting for its batch: the slip checked alone, its game and its draw found. */
export type PlaceJob = { input: PlaceInput; game: GameRow; lines: number[]; drawId: string };

/**
 * A job's answer: the ticket and the balance after its stake; a refusal (`byWallet` when the
 * wallet refused the stake of the ticket this job wrote); or "this key was used" (the caller
 * replays it).
 */
export type PlaceAnswer =
  | { ok: { ticket: TicketRow; draw: DrawRow; balanceMinor: bigint } }
  | { error: AppError; byWallet?: true }
  | { twin: true };

export type BatchContext = {
  trx: Db;
  rules: LotteryRules;
  seamless: Pick<GatewayService['seamless'], 'applyBetsWithin'>;
  prepared: PreparedBets;
  /** The group commit's slot: the wallet's house shard for this batch. */
  slot: number;
  now: Date;
  /**
   * The licence's stake door for a ticket on a product a licence may forbid (a foreign lottery's
   * draw), asked in this transaction; throws the refusal (licence-products.ts).
   */
  askStake?: ((trx: Db, memberId: string, product: ProductClass | null) => Promise<void>) | undefined;
};

/**
 * The jobs the licence refuses, with their refusal: each ticket on a product a licence may forbid
 * asks the stake door in the batch's transaction, so the decision commits with the tickets.
 */
async function licenceRefusals(ctx: BatchContext, jobs: PlaceJob[]): Promise<Map<number, AppError>> {
  const refused = new Map<number, AppError>();
  if (!ctx.askStake) return refused;
  for (const [i, job] of jobs.entries()) {
    // Every ticket is a stake: the door checks the bettor (identity, kyc) whatever the product.
    const product = lotteryProductClass(job.game);
    try {
      await ctx.askStake(ctx.trx, job.input.memberId, product);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refused.set(i, err);
    }
  }
  return refused;
}

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
    const fit = fitStake(
      rules,
      game,
      sel,
      sel.stakePerLineMinor,
      asked,
      (key) => room(key) - (exposure.get(key) ?? 0n),
    );
    if (fit === null || (fit.stake < sel.stakePerLineMinor && input.onLimit === 'refuse')) {
      throw new AppError(
        ErrorCode.LOTTERY_LIMIT_EXCEEDED,
        'A number has too little liability room left for this stake',
        {
          index,
          requestedPerLineMinor: sel.stakePerLineMinor.toString(),
          availablePerLineMinor: fit?.stake.toString() ?? '0',
        },
      );
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
  return {
    ticket: {
      drawId: job.drawId,
      memberId: input.memberId,
      idempotencyKey: input.idempotencyKey,
      selections: accepted,
      stakeMinor: stake,
      maxPayoutMinor: maxPayout,
      // The terms the ticket is sold at, kept with it: it is settled at these, whatever the
      // operator changes meanwhile (docs/decisions.md, "a ticket is settled at the terms it was sold at").
      odds: rules.oddsOf(game.family, game.paytable, accepted),
      payoutCapMinor: game.limits.perDrawMinor,
    },
    exposure,
  };
}

/** The inner map kept under `key`, made empty the first time. */
function mapFor<V>(outer: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let inner = outer.get(key);
  if (!inner) outer.set(key, (inner = new Map()));
  return inner;
}

const sum = (into: Map<string, bigint>, add: Map<string, bigint>) => {
  for (const [key, v] of add) into.set(key, (into.get(key) ?? 0n) + v);
};

/** Write one batch inside `ctx.trx`; an answer per job, in order. */
export async function writeBatch(ctx: BatchContext, jobs: PlaceJob[]): Promise<PlaceAnswer[]> {
  const { trx, rules, now } = ctx;
  const answers: PlaceAnswer[] = new Array<PlaceAnswer>(jobs.length);
  const drawIds = [...new Set(jobs.map((j) => j.drawId))].sort(compareIds);
  const draws = await lockDrawsForBet(trx, drawIds);
  const byLicence = await licenceRefusals(ctx, jobs);

  // Jobs on a draw taking bets now; the others are refused. A key sent twice in one batch (a
  // double-click) is planned once: the second send replays the first, and never takes room of its own.
  const pending: number[] = [];
  const seen = new Map<string, number>();
  const twins: [number, number][] = [];
  jobs.forEach((job, i) => {
    const refusal = byLicence.get(i);
    if (refusal) {
      answers[i] = { error: refusal };
      return;
    }
    const draw = draws.get(job.drawId);
    if (
      !draw ||
      (draw.status !== 'open' && draw.status !== 'scheduled') ||
      now < draw.opensAt ||
      now >= draw.closesAt
    ) {
      answers[i] = {
        error: new AppError(ErrorCode.LOTTERY_DRAW_CLOSED, 'Betting on this draw is closed', {
          numero: draw?.numero ?? job.input.numero ?? null,
        }),
      };
      return;
    }
    const key = `${job.input.memberId}:${job.input.idempotencyKey}`;
    const first = seen.get(key);
    if (first !== undefined) twins.push([i, first]);
    else {
      seen.set(key, i);
      pending.push(i);
    }
  });

  // The liability rows of every draw locked once for all its jobs, in one statement; `held` then
  // follows what this batch stakes.
  const keysByDraw = new Map<string, string[]>();
  for (const i of pending) {
    const { game, drawId, input } = jobs[i]!;
    let keys = keysByDraw.get(drawId);
    if (!keys) keysByDraw.set(drawId, (keys = []));
    for (const sel of input.selections)
      keys.push(...rules.exposure(game.family, sel, game.paytable, sel.stakePerLineMinor).keys());
  }
  const held = await lockExposure(trx, keysByDraw);

  const load = new Map<string, Map<string, bigint>>();
  const refused: { id: string; errorCode: string }[] = [];
  // A ticket the wallet refuses gives back the room it was planned into, so the tickets refused
  // for want of that room on its draw are planned again (each round refuses at least one ticket
  // for good, so this ends; almost every batch needs one round).
  for (let round = pending; round.length > 0; ) {
    const { limited, freed } = await placeRound(ctx, jobs, round, { draws, held, load, refused, answers });
    round = limited.filter((i) => freed.has(jobs[i]!.drawId));
  }
  // A second send answers as the first: its refusal, or a replay of its ticket.
  for (const [i, first] of twins) answers[i] = 'error' in answers[first]! ? answers[first]! : { twin: true };
  // Only staked tickets load the draw's liability; a refused one stays written, refused, with its code.
  await addExposure(trx, load);
  await refuseTickets(trx, refused);
  return answers;
}

/** What a batch's rounds share: its locked draws, liability held and added per draw, tickets the wallet refused, and the answers. */
type BatchState = {
  draws: Map<string, DrawRow>;
  held: Map<string, Map<string, bigint>>;
  load: Map<string, Map<string, bigint>>;
  refused: { id: string; errorCode: string }[];
  answers: PlaceAnswer[];
};

/**
 * Plan, write and stake the jobs `indices` against the room `held` leaves; answers them, except
 * those refused for room (`limited`), which a later round may plan again on the draws where the
 * wallet refused a ticket (`freed`).
 */
async function placeRound(
  ctx: BatchContext,
  jobs: PlaceJob[],
  indices: number[],
  batch: BatchState,
): Promise<{ limited: number[]; freed: Set<string> }> {
  const { trx, rules, now } = ctx;
  const { draws, held, load, refused, answers } = batch;
  const planned = new Map<number, Planned>();
  const limited: number[] = [];
  const added = new Map<string, Map<string, bigint>>();
  for (const i of indices) {
    const { game, drawId } = jobs[i]!;
    const heldHere = held.get(drawId)!;
    const addedHere = mapFor(added, drawId);
    try {
      const plan = planTicket(
        rules,
        jobs[i]!,
        (key) => game.limits.perKeyMinor - (heldHere.get(key) ?? 0n) - (addedHere.get(key) ?? 0n),
      );
      sum(addedHere, plan.exposure);
      planned.set(i, plan);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      answers[i] = { error: err };
      if (err.errorCode === ErrorCode.LOTTERY_LIMIT_EXCEEDED) limited.push(i);
    }
  }

  // The tickets, open; a key used before (by an earlier batch) is no ticket of this one.
  const written = await insertTickets(
    trx,
    [...planned.values()].map((p) => p.ticket),
    now,
  );
  const staked: { i: number; ticket: TicketRow }[] = [];
  for (const [i, plan] of planned) {
    const ticket = written.get(`${plan.ticket.memberId}:${plan.ticket.idempotencyKey}`);
    if (ticket) staked.push({ i, ticket });
    else answers[i] = { twin: true };
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
  const freed = new Set<string>();
  staked.forEach(({ i, ticket }, k) => {
    const result = results[k]!;
    if (result instanceof AppError) {
      refused.push({ id: ticket.id, errorCode: result.errorCode });
      answers[i] = { error: result, byWallet: true };
      freed.add(ticket.drawId);
      return;
    }
    const exposure = planned.get(i)!.exposure;
    sum(held.get(ticket.drawId)!, exposure);
    sum(mapFor(load, ticket.drawId), exposure);
    answers[i] = { ok: { ticket, draw: draws.get(ticket.drawId)!, balanceMinor: BigInt(result.balanceMinor) } };
  });
  return { limited, freed };
}
