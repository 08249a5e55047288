import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LotteryDrawStatus, LotteryTicketStatus } from '../../db/tables/lottery';
import { isDecided } from './lottery-reads';
import type { TicketSelection } from './lottery-tickets.repository';

// What other modules read of the lottery: the betting record shows, next to the round the
// seamless wallet recorded for a player's tickets on one draw, those tickets with their
// selections, the draw and the draw's result.

/** A player's round of one draw in the seamless wallet's round records: `ld-<draw id>-<member id>` (lottery-betting.ts). */
const ROUND_ID = /^ld-(\d{1,18})-(\d{1,18})$/;

export type LotteryRoundTicket = {
  id: string;
  status: LotteryTicketStatus;
  stakeMinor: string;
  payoutMinor: string | null;
  selections: TicketSelection[];
};

export type LotteryRoundDetail = {
  gameCode: string;
  numero: string;
  drawStatus: LotteryDrawStatus;
  /** The player's tickets on the draw, in the order placed. */
  tickets: LotteryRoundTicket[];
  /** The draw's result and its revealed seed once decided; null before (the seed would tell the result). */
  result: unknown;
  serverSeedHash: string | null;
  serverSeed: string | null;
};

export function createLotteryViews({ db }: { db: Kysely<Database> }) {
  return {
    /** The tickets behind these round ids (other rounds are ignored), by round id; one read for a page of rounds. */
    async roundDetails(roundIds: readonly string[]): Promise<Map<string, LotteryRoundDetail>> {
      const pairs = roundIds.flatMap((r) => {
        const m = ROUND_ID.exec(r);
        return m ? [{ drawId: m[1]!, memberId: m[2]! }] : [];
      });
      if (pairs.length === 0) return new Map();
      const rows = await db
        .selectFrom('lottery_tickets as t')
        .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
        .select([
          't.id',
          't.draw_id as drawId',
          't.member_id as memberId',
          't.status as ticketStatus',
          't.stake_minor as stakeMinor',
          't.payout_minor as payoutMinor',
          't.selections',
        ])
        .select([
          'd.game_code as gameCode',
          'd.numero',
          'd.status as drawStatus',
          'd.result',
          'd.server_seed as serverSeed',
          'd.server_seed_hash as serverSeedHash',
        ])
        .where((eb) =>
          eb.or(pairs.map((p) => eb.and([eb('t.member_id', '=', p.memberId), eb('t.draw_id', '=', p.drawId)]))),
        )
        .orderBy('t.id')
        .execute();
      const details = new Map<string, LotteryRoundDetail>();
      for (const r of rows) {
        const key = `ld-${r.drawId}-${r.memberId}`;
        let detail = details.get(key);
        if (!detail) {
          const decided = isDecided(r.drawStatus);
          detail = {
            gameCode: r.gameCode,
            numero: r.numero,
            drawStatus: r.drawStatus,
            tickets: [],
            result: decided ? r.result : null,
            serverSeedHash: r.serverSeedHash,
            serverSeed: decided ? r.serverSeed : null,
          };
          details.set(key, detail);
        }
        detail.tickets.push({
          id: String(r.id),
          status: r.ticketStatus,
          stakeMinor: String(r.stakeMinor),
          payoutMinor: r.payoutMinor === null ? null : String(r.payoutMinor),
          selections: r.selections as TicketSelection[],
        });
      }
      return details;
    },
  };
}

export type LotteryViews = ReturnType<typeof createLotteryViews>;
