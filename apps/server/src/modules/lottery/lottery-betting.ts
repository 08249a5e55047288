import { ErrorCode } from '@wps/shared/error-codes';
import { AppError, isAppError } from '../../http/app-error';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { GatewayService } from '../gateway/gateway.service';
import { findGame, type GameRow } from './lottery-games.repository';
import { findDraw, findDrawByNumero, findOpenDraw, lockDrawForBet, type DrawRow } from './lottery-draws.repository';
import { addExposure, findTicketByKey, insertTicket, lockExposure, moveTicket, type TicketRow, type TicketSelection } from './lottery-tickets.repository';
import { lotteryVassalage, type LotteryRules, type Selection } from './lottery-rules';

// Placing a ticket (docs/lottery.md, "Bets"). The ticket is written, with the liability it adds
// per number, in one transaction that holds the draw row FOR SHARE: a cut-off, close or void
// waits for it, so a ticket is either accepted before the cut-off or refused. Its stake then goes
// through the seamless wallet like any vendor's bet (idempotent by the ticket), and a refusal
// gives the liability back. A ticket whose bet outcome is unknown (the process died) stays
// pending; the draw job resolves it before the draw settles.

type Db = Kysely<Database>;

export type SlipSelection = Selection & { stakePerLineMinor: bigint };

export type PlaceInput = {
  memberId: string;
  gameCode: string;
  /** The draw to bet on; the one open now when absent. */
  numero?: string | undefined;
  selections: SlipSelection[];
  /** What to do when a number's liability room is smaller than the stake: trim it, or refuse the ticket. */
  onLimit: 'trim' | 'refuse';
  idempotencyKey: string;
};

export type PlaceOutcome = { ticket: TicketRow; draw: DrawRow; replayed: boolean; balanceMinor: bigint | null };

export type BettingContext = {
  db: Db;
  rules: LotteryRules;
  seamless: Pick<GatewayService['seamless'], 'bet'>;
  now: () => Date;
};

export function ticketRoundId(ticketId: string): string {
  return `lt-${ticketId}`;
}

/** The largest stake per line in [min, wanted] whose liability fits every key's room, or null. */
function fitStake(rules: LotteryRules, game: GameRow, sel: Selection, wanted: bigint, room: (key: string) => bigint): bigint | null {
  const fits = (stake: bigint) => [...rules.exposure(game.family, sel, game.paytable, stake)].every(([key, v]) => v <= room(key));
  if (fits(wanted)) return wanted;
  let lo = game.limits.minStakeMinor;
  if (!fits(lo)) return null;
  let hi = wanted;
  // Liability grows with the stake, so the largest stake that fits is found by halving.
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

export function createLotteryBetting(ctx: BettingContext) {
  const { db, rules, seamless, now } = ctx;

  async function requireGame(code: string): Promise<GameRow> {
    const game = await findGame(db, code);
    if (!game) throw new AppError(ErrorCode.LOTTERY_GAME_NOT_FOUND, 'No such lottery game', { gameCode: code });
    if (game.status !== 'active') throw new AppError(ErrorCode.LOTTERY_GAME_PAUSED, 'This game is paused', { gameCode: code });
    return game;
  }

  /** Check every selection alone (bet type, picks, stake) before anything is locked. */
  function checkSlip(game: GameRow, selections: SlipSelection[]): number[] {
    return selections.map((sel, index) => {
      const checked = rules.check(game.family, sel);
      if (!checked.ok) throw new AppError(ErrorCode.LOTTERY_SELECTION_INVALID, 'A selection is not valid', { index, reason: checked.reason });
      const { minStakeMinor, maxStakeMinor } = game.limits;
      if (sel.stakePerLineMinor < minStakeMinor || sel.stakePerLineMinor > maxStakeMinor) {
        throw new AppError(ErrorCode.LOTTERY_STAKE_INVALID, 'A stake per line is out of range', {
          index,
          minStakeMinor: minStakeMinor.toString(),
          maxStakeMinor: maxStakeMinor.toString(),
        });
      }
      return checked.lines;
    });
  }

  /** Write the ticket and its liability, or refuse. Returns the pending ticket, or the twin a concurrent request wrote. */
  async function writeTicket(input: PlaceInput, game: GameRow, drawId: string, lines: number[]): Promise<{ ticket: TicketRow; draw: DrawRow } | { twin: true }> {
    return runInTransaction(db, async (trx) => {
      const at = now();
      const draw = await lockDrawForBet(trx, drawId);
      if (!draw || (draw.status !== 'open' && draw.status !== 'scheduled') || at < draw.opensAt || at >= draw.closesAt) {
        throw new AppError(ErrorCode.LOTTERY_DRAW_CLOSED, 'Betting on this draw is closed', { numero: draw?.numero ?? input.numero ?? null });
      }
      const keys = input.selections.flatMap((sel) => [...rules.exposure(game.family, sel, game.paytable, sel.stakePerLineMinor).keys()]);
      const held = await lockExposure(trx, drawId, keys);
      const added = new Map<string, bigint>();
      const room = (key: string) => game.limits.perKeyMinor - (held.get(key) ?? 0n) - (added.get(key) ?? 0n);
      const accepted: TicketSelection[] = [];
      let stake = 0n;
      let maxPayout = 0n;
      input.selections.forEach((sel, index) => {
        const fitted = fitStake(rules, game, sel, sel.stakePerLineMinor, room);
        if (fitted === null || (fitted < sel.stakePerLineMinor && input.onLimit === 'refuse')) {
          throw new AppError(ErrorCode.LOTTERY_LIMIT_EXCEEDED, 'A number has too little liability room left for this stake', {
            index,
            requestedPerLineMinor: sel.stakePerLineMinor.toString(),
            availablePerLineMinor: fitted?.toString() ?? '0',
          });
        }
        for (const [key, v] of rules.exposure(game.family, sel, game.paytable, fitted)) added.set(key, (added.get(key) ?? 0n) + v);
        stake += fitted * BigInt(lines[index]!);
        maxPayout += rules.maxPayout(game.family, sel, game.paytable, fitted);
        accepted.push({
          betType: sel.betType,
          numbers: sel.numbers,
          position: sel.position,
          option: sel.option,
          lines: lines[index]!,
          stakePerLineMinor: fitted.toString(),
          ...(fitted < sel.stakePerLineMinor ? { requestedPerLineMinor: sel.stakePerLineMinor.toString() } : {}),
        });
      });
      if (maxPayout > game.limits.perTicketMinor) {
        throw new AppError(ErrorCode.LOTTERY_TICKET_LIMIT, 'This ticket could pay more than one ticket may', {
          maxPayoutMinor: maxPayout.toString(),
          perTicketMinor: game.limits.perTicketMinor.toString(),
        });
      }
      const ticket = await insertTicket(trx, { drawId, memberId: input.memberId, idempotencyKey: input.idempotencyKey, selections: accepted, stakeMinor: stake, maxPayoutMinor: maxPayout, now: at });
      if (!ticket) return { twin: true as const };
      await addExposure(trx, drawId, added);
      return { ticket, draw };
    });
  }

  /**
   * Take a pending ticket's stake through the seamless wallet. A refusal (insufficient funds, a
   * bet cancelled by a void) marks the ticket refused and gives its liability back; an error
   * that says nothing about the bet leaves it pending for the draw job.
   */
  async function stakeTicket(ticket: TicketRow, game: GameRow): Promise<{ ticket: TicketRow; balanceMinor: bigint }> {
    try {
      const answer = await seamless.bet({
        vassalage: lotteryVassalage(game.prizeMode),
        memberId: ticket.memberId,
        transactionId: `${ticketRoundId(ticket.id)}-bet`,
        roundId: ticketRoundId(ticket.id),
        gameId: game.code,
        amountMinor: ticket.stakeMinor,
      });
      await moveTicket(db, ticket.id, ['pending'], { status: 'open' });
      return { ticket: { ...ticket, status: ticket.status === 'pending' ? 'open' : ticket.status }, balanceMinor: BigInt(answer.balanceMinor) };
    } catch (err) {
      if (isAppError(err) && err.errorCode !== ErrorCode.INTERNAL_ERROR && err.errorCode !== ErrorCode.SERVER_BUSY) {
        await refuseTicket(ticket, game, err.errorCode);
      }
      throw err;
    }
  }

  /** A ticket the wallet refused: refused, its liability given back, once. */
  async function refuseTicket(ticket: TicketRow, game: GameRow, errorCode: string): Promise<void> {
    await runInTransaction(db, async (trx) => {
      const selections = ticket.selections;
      const keys = selections.flatMap((sel) => [...rules.exposure(game.family, sel, game.paytable, BigInt(sel.stakePerLineMinor)).keys()]);
      // Same lock order as a placement: the keys, then the ticket.
      await lockExposure(trx, ticket.drawId, keys);
      if (!(await moveTicket(trx, ticket.id, ['pending'], { status: 'refused', errorCode }))) return;
      const back = new Map<string, bigint>();
      for (const sel of selections) {
        for (const [key, v] of rules.exposure(game.family, sel, game.paytable, BigInt(sel.stakePerLineMinor))) back.set(key, (back.get(key) ?? 0n) - v);
      }
      await addExposure(trx, ticket.drawId, back);
    });
  }

  function sameSlip(ticket: TicketRow, input: PlaceInput, drawId: string): boolean {
    if (ticket.drawId !== drawId && input.numero !== undefined) return false;
    if (ticket.selections.length !== input.selections.length) return false;
    return ticket.selections.every((s, i) => {
      const sel = input.selections[i]!;
      const asked = s.requestedPerLineMinor ?? s.stakePerLineMinor;
      return s.betType === sel.betType && JSON.stringify(s.numbers ?? null) === JSON.stringify(sel.numbers ?? null) && (s.position ?? null) === (sel.position ?? null) && (s.option ?? null) === (sel.option ?? null) && asked === sel.stakePerLineMinor.toString();
    });
  }

  /** A repeated idempotency key: the same ticket (its stake taken if it was left pending), or a refusal when the slip differs. */
  async function replay(existing: TicketRow, input: PlaceInput, game: GameRow): Promise<PlaceOutcome> {
    const draw = (await findDraw(db, existing.drawId))!;
    if (!sameSlip(existing, input, existing.drawId)) {
      throw new AppError(ErrorCode.DUPLICATE_TRANSACTION, 'This idempotency key was already used for a different slip', { idempotencyKey: input.idempotencyKey });
    }
    if (existing.status === 'refused') {
      throw new AppError((existing.errorCode as ErrorCode | null) ?? ErrorCode.INSUFFICIENT_FUNDS, 'This ticket was refused by the wallet', { ticketId: existing.id });
    }
    if (existing.status === 'pending') {
      const staked = await stakeTicket(existing, game);
      return { ticket: staked.ticket, draw, replayed: true, balanceMinor: staked.balanceMinor };
    }
    return { ticket: existing, draw, replayed: true, balanceMinor: null };
  }

  /** POST /lgw/tickets: place a ticket on a game's open draw. */
  async function place(input: PlaceInput): Promise<PlaceOutcome> {
    const game = await requireGame(input.gameCode);
    const existing = await findTicketByKey(db, input.memberId, input.idempotencyKey);
    if (existing) return replay(existing, input, game);
    const lines = checkSlip(game, input.selections);
    const target = input.numero !== undefined ? await findDrawByNumero(db, game.code, input.numero) : await findOpenDraw(db, game.code, now());
    if (!target) {
      if (input.numero !== undefined) throw new AppError(ErrorCode.LOTTERY_DRAW_NOT_FOUND, 'No such draw', { numero: input.numero });
      throw new AppError(ErrorCode.LOTTERY_DRAW_CLOSED, 'No draw of this game is taking bets now', { gameCode: game.code });
    }
    const written = await writeTicket(input, game, target.id, lines);
    if ('twin' in written) {
      const twin = await findTicketByKey(db, input.memberId, input.idempotencyKey);
      if (!twin) throw new Error('lottery: ticket not found after a key conflict');
      return replay(twin, input, game);
    }
    const staked = await stakeTicket(written.ticket, game);
    return { ticket: staked.ticket, draw: written.draw, replayed: false, balanceMinor: staked.balanceMinor };
  }

  return { place, stakeTicket, refuseTicket, requireGame };
}

export type LotteryBetting = ReturnType<typeof createLotteryBetting>;
