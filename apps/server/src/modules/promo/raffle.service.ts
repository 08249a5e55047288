import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { JurisdictionProfile } from '@wps/shared/licence';
import { hashServerSeed } from '@wps/shared/provably-fair';
import { drawRaffleWinners } from '@wps/shared/raffle-draw';
import type { OpsRole } from '@wps/shared/ops-permissions';
import type { OpsRaffle, Raffle, RaffleCreateBody } from '@wps/shared/schemas/promo';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { ContentService } from '../content/content.service';
import type { MemberViews } from '../member/member-views';
import type { SetupCeilings } from '../operator-money/operator-money-setups';
import type { SystemService } from '../system/system.service';
import type { RewardGrant } from '../rewards/reward-grants.types';
import { assertPayable, type PromoRewards } from './promo-rewards';
import { createRaffleApproval, prizeMoney } from './raffle-approval';
import { raffleLicenceBlockers, refuseRafflePrizes, type RaffleTicketRuleBreaches } from './raffle-licence';
import {
  countClaimable,
  findDueRaffleIds,
  findMemberIdByAccount,
  findMemberTickets,
  findPrizes,
  findRaffle,
  findRaffles,
  findAwaitingRaffles,
  findTicketOwners,
  findWinners,
  insertEntitlement,
  insertRaffle,
  insertTickets,
  insertWinner,
  lockClaimable,
  lockRaffle,
  markDrawn,
  countAwaitingRaffles,
  type PrizeRow,
  type RaffleRow,
} from './raffle.repository';

type Db = Kysely<Database>;

export type RaffleContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  content: Pick<ContentService, 'getItem'>;
  memberViews: MemberViews;
  system: Pick<SystemService, 'getOperatorConfig'>;
  rewards: PromoRewards;
  /** The operator money policy's set-up ceilings: required, so a raffle is never made unassessed. */
  setups: SetupCeilings;
  /** The licence's profile, read in the creating transaction: prizes it forbids are refused (raffle-licence.ts). */
  licenceProfile: (db: Db) => Promise<JurisdictionProfile>;
  /** The live rules giving raffles' tickets that a profile forbids (the rewards engine's reader). */
  ticketRuleBreaches: RaffleTicketRuleBreaches;
  now?: () => number;
};

/** An account name as the public winners list shows it: the first two and last two characters. */
export function maskAccount(account: string): string {
  return account.length <= 4 ? `${account.slice(0, 1)}***` : `${account.slice(0, 2)}***${account.slice(-2)}`;
}

/**
 * Raffles: a promotion's draw, committed when created (the SHA-256 of a random server seed is
 * published), its tickets given by rules as `raffle_ticket` grants (this module's sink records them
 * per grant) and claimed by the player into the draw (MCS2_claimRafflePromotion, numbered in claim
 * order under the raffle's row lock). The draw picks winners from the seed and the ticket count
 * (raffle-draw.ts), pays each prize as a grant and reveals the seed, once, under the same lock: an
 * operator's draw and the periodic job's can race and only the first does anything.
 */
export function createRaffleService(ctx: RaffleContext) {
  const { db, audit, content, memberViews, rewards } = ctx;
  const now = ctx.now ?? Date.now;

  async function views(rows: readonly RaffleRow[], memberId: string | null): Promise<Raffle[]> {
    const ids = rows.map((r) => r.id);
    const [prizes, winners, config] = await Promise.all([
      findPrizes(db, ids),
      findWinners(db, memberViews, ids),
      ctx.system.getOperatorConfig(),
    ]);
    return Promise.all(
      rows.map(async (r): Promise<Raffle> => {
        const [claimable, tickets] = memberId
          ? await Promise.all([countClaimable(db, r.id, memberId), findMemberTickets(db, r.id, memberId)])
          : [0, []];
        return {
          id: r.id,
          promotionId: r.promotionId,
          title: r.title,
          drawAt: r.drawAt.toISOString(),
          status: r.status,
          serverSeedHash: r.serverSeedHash,
          serverSeed: r.status === 'drawn' ? r.serverSeed : null,
          ticketCount: r.ticketCount,
          currency: config.brand.currency,
          scale: config.brand.currencyScale,
          prizes: prizes
            .filter((p) => p.raffleId === r.id)
            .map((p) => ({ rank: p.rank, rewardKind: p.rewardKind, amount: p.amount })),
          winners: winners
            .filter((w) => w.raffleId === r.id)
            .map((w) => ({ rank: w.rank, ticket: w.number, account: maskAccount(w.account) })),
          drawnAt: r.drawnAt?.toISOString() ?? null,
          mine: { claimable, tickets },
        };
      }),
    );
  }

  async function view(id: string, memberId: string | null): Promise<Raffle> {
    const row = await findRaffle(db, id);
    if (!row) throw new AppError(ErrorCode.RAFFLE_NOT_FOUND, 'No such raffle', { id });
    return (await views([row], memberId))[0]!;
  }

  /** A raffle as players see it: one waiting for a second operator, or turned down, is no raffle to them. */
  async function get(id: string, memberId: string | null): Promise<Raffle> {
    const raffle = await view(id, memberId);
    if (raffle.status !== 'open' && raffle.status !== 'drawn')
      throw new AppError(ErrorCode.RAFFLE_NOT_FOUND, 'No such raffle', { id });
    return raffle;
  }

  /** Draw one raffle under its row lock; false when it was drawn already (by anyone). */
  async function drawOne(id: string, actor: { operatorId: string; reason: string } | null): Promise<boolean> {
    return runInTransaction(db, async (trx) => {
      const raffle = await lockRaffle(trx, id);
      if (!raffle) throw new AppError(ErrorCode.RAFFLE_NOT_FOUND, 'No such raffle', { id });
      if (raffle.status === 'drawn') return false;
      if (raffle.status === 'awaiting_approval')
        throw new AppError(ErrorCode.RAFFLE_AWAITING_APPROVAL, 'This raffle waits for a second operator', { id });
      if (raffle.status !== 'open') throw new AppError(ErrorCode.RAFFLE_CLOSED, 'This raffle was turned down', { id });
      const prizes: PrizeRow[] = await findPrizes(trx, [id]);
      const numbers = drawRaffleWinners(raffle.serverSeed, raffle.id, raffle.ticketCount, prizes.length);
      const owners = await findTicketOwners(trx, id, numbers);
      for (const [i, number] of numbers.entries()) {
        const prize = prizes[i]!;
        const memberId = owners.get(number)!;
        const grant = await rewards.grants.issue(trx, {
          memberId,
          kind: prize.rewardKind,
          amount: BigInt(prize.amount),
          source: 'raffle',
          sourceRef: id,
          key: `raffle:${id}:prize:${prize.rank}`,
          delivery: 'auto',
          title: { PT: raffle.title, EN: raffle.title },
          params: { raffleId: id, rank: prize.rank, ticket: number },
        });
        await insertWinner(trx, { raffleId: id, rank: prize.rank, number, memberId, grantId: grant.grantId });
      }
      await markDrawn(trx, id);
      if (actor) {
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.operatorId,
          action: 'raffle.draw',
          subjectType: 'raffle',
          subjectId: id,
          reason: actor.reason,
          before: { status: 'open', ticketCount: raffle.ticketCount },
          after: { status: 'drawn', winners: numbers },
        });
      }
      return true;
    });
  }

  /** The sink of `raffle_ticket` grants: `params.raffleId` names the raffle, the amount is tickets. */
  rewards.registerSink({
    kind: 'raffle_ticket',
    async pay(trx: Db, grant: RewardGrant) {
      const raffleId = String(grant.params.raffleId ?? '');
      if (!/^\d{1,18}$/.test(raffleId) || !(await findRaffle(trx, raffleId)))
        throw new AppError(ErrorCode.RAFFLE_NOT_FOUND, 'A raffle ticket grant names no raffle', { raffleId });
      if (grant.amount < 1n || grant.amount > 10_000n)
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'A raffle ticket grant gives 1 to 10,000 tickets');
      await insertEntitlement(trx, {
        grantId: grant.grantId,
        raffleId,
        memberId: grant.memberId,
        tickets: Number(grant.amount),
      });
    },
  });

  const approval = createRaffleApproval({ db, audit, setups: ctx.setups, licenceProfile: ctx.licenceProfile });

  async function opsViews(rows: RaffleRow[]): Promise<OpsRaffle[]> {
    const list = await views(rows, null);
    return list.map(({ mine: _mine, ...rest }, i) => ({ ...rest, ...approval.opsFields(rows[i]!) }));
  }

  return {
    get,

    /** The open raffles a profile would forbid (the licence's switch asks, in its transaction). */
    licenceBlockers: (trx: Db, to: JurisdictionProfile) => raffleLicenceBlockers(trx, to, ctx.ticketRuleBreaches),

    listForOps: async (): Promise<OpsRaffle[]> => opsViews(await findRaffles(db, 200)),

    /** The raffles waiting for a second operator, oldest first (the money approvers' screen). */
    countAwaiting: (): Promise<number> => countAwaitingRaffles(db),
    listAwaiting: async (): Promise<OpsRaffle[]> => opsViews(await findAwaitingRaffles(db, 200)),

    /** A second operator lets a raffle waiting above a set-up ceiling go live, or turns it down; audited. */
    async decide(
      approver: { operatorId: string; role: OpsRole },
      raffleId: string,
      decision: 'approve' | 'reject',
      reason: string,
    ): Promise<OpsRaffle> {
      await approval.decide(approver, raffleId, decision, reason);
      const row = await findRaffle(db, raffleId);
      return (await opsViews(row ? [row] : []))[0]!;
    },

    /** Create a raffle with its prizes and its commitment (a new random seed); audited. */
    async create(operatorId: string, body: RaffleCreateBody): Promise<Raffle> {
      const item = await content.getItem(body.promotionId);
      if (item.kind !== 'promotion')
        throw new AppError(ErrorCode.CONTENT_NOT_FOUND, 'Not a promotion', { promotionId: body.promotionId });
      body.prizes.forEach((p, i) => assertPayable(rewards, p.rewardKind, `body.prizes.${i}.rewardKind`));
      const serverSeed = crypto.randomBytes(32).toString('hex');
      const id = await runInTransaction(db, async (trx) => {
        await refuseRafflePrizes(trx, ctx.licenceProfile, body.prizes);
        // Prizes above a set-up ceiling: the raffle waits for a second operator before it goes live.
        const { reasons } = await ctx.setups.assess(trx, { kind: 'raffle', ...prizeMoney(body.prizes) });
        const id = await insertRaffle(trx, {
          promotionId: body.promotionId,
          title: body.title,
          drawAt: new Date(body.drawAt),
          serverSeed,
          serverSeedHash: hashServerSeed(serverSeed),
          createdBy: operatorId,
          prizes: body.prizes,
          ceilingReasons: reasons,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'raffle.create',
          subjectType: 'raffle',
          subjectId: id,
          reason: body.reason,
          before: null,
          after: {
            ...body,
            reason: undefined,
            status: reasons.length > 0 ? 'awaiting_approval' : 'open',
            ceilingReasons: reasons,
          },
        });
        return id;
      });
      return view(id, null);
    },

    /** MCS2_claimRafflePromotion: the caller's waiting tickets join the draw, numbered in order. */
    async claimTickets(memberId: string, raffleId: string) {
      const claimed = await runInTransaction(db, async (trx) => {
        const raffle = await lockRaffle(trx, raffleId);
        if (!raffle) throw new AppError(ErrorCode.RAFFLE_NOT_FOUND, 'No such raffle', { raffleId });
        if (raffle.status === 'awaiting_approval' || raffle.status === 'rejected')
          throw new AppError(ErrorCode.RAFFLE_NOT_FOUND, 'No such raffle', { raffleId });
        if (raffle.status === 'drawn' || raffle.drawAt.getTime() <= now())
          throw new AppError(ErrorCode.RAFFLE_CLOSED, 'This raffle takes no more tickets');
        const entitlements = await lockClaimable(trx, raffleId, memberId);
        if (entitlements.length === 0) throw new AppError(ErrorCode.RAFFLE_NO_TICKETS, 'No tickets to claim');
        return insertTickets(trx, raffleId, memberId, raffle.ticketCount + 1, entitlements);
      });
      const raffle = await get(raffleId, memberId);
      return { raffleId, claimed, tickets: raffle.mine.tickets, ticketCount: raffle.ticketCount };
    },

    /** The operator's draw (any time while open: it also ends ticket claims); a second draw changes nothing. */
    async draw(operatorId: string, raffleId: string, reason: string): Promise<Raffle> {
      await drawOne(raffleId, { operatorId, reason });
      return view(raffleId, null);
    },

    /** The periodic job: draw every open raffle whose time has come; returns how many it drew. */
    async drawDue(at: Date = new Date(now())): Promise<number> {
      let drawn = 0;
      for (const id of await findDueRaffleIds(db, at, 50)) if (await drawOne(id, null)) drawn++;
      return drawn;
    },

    /** An operator gives a player tickets (a `raffle_ticket` grant paid at once, so the tickets wait for the player's claim); audited. */
    async giveTickets(
      operatorId: string,
      raffleId: string,
      input: { account: string; tickets: number; reason: string },
    ): Promise<Raffle> {
      const raffle = await findRaffle(db, raffleId);
      if (!raffle) throw new AppError(ErrorCode.RAFFLE_NOT_FOUND, 'No such raffle', { raffleId });
      if (raffle.status === 'awaiting_approval')
        throw new AppError(ErrorCode.RAFFLE_AWAITING_APPROVAL, 'This raffle waits for a second operator', { raffleId });
      if (raffle.status !== 'open') throw new AppError(ErrorCode.RAFFLE_CLOSED, 'This raffle takes no more tickets');
      const memberId = await findMemberIdByAccount(db, memberViews, input.account);
      if (!memberId) throw new AppError(ErrorCode.PLAYER_NOT_FOUND, 'No such player', { account: input.account });
      await runInTransaction(db, async (trx) => {
        const grant = await rewards.grants.issue(trx, {
          memberId,
          kind: 'raffle_ticket',
          amount: BigInt(input.tickets),
          source: 'operator',
          sourceRef: `raffle:${raffleId}`,
          key: `raffle-gift:${raffleId}:${crypto.randomUUID()}`,
          delivery: 'auto',
          title: { PT: raffle.title, EN: raffle.title },
          params: { raffleId },
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'raffle.tickets',
          subjectType: 'raffle',
          subjectId: raffleId,
          reason: input.reason,
          before: null,
          after: { memberId, tickets: input.tickets, grantId: grant.grantId },
        });
      });
      return view(raffleId, null);
    },
  };
}

export type RaffleService = ReturnType<typeof createRaffleService>;
