import type { ContractTier } from '@wps/shared/schemas/agents';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MessagesService } from '../messages/messages.service';
import { exceedsUpline } from './contract-rates';
import {
  findOffersBy,
  lockContractsWithUpline,
  lockLiveContractsOfUpline,
  lockLiveContractsUnder,
  updateContract,
  type ContractRow,
} from './contracts.repository';

type Db = Kysely<Database>;

/** Why a contract ended without both sides agreeing. */
export type AutomaticEnd = 'rate_cap' | 'replaced' | 'moved' | 'operator';

/** The notice a downline gets when its contract ends by itself (words in the player site's messages). */
export const CONTRACT_ENDED_NOTICE = 'agent_contract_terminated';

export type Cascade = ReturnType<typeof createContractCascade>;

/**
 * The rate cap's automatic terminations (docs/agents.md, "The rate cap"), inside the caller's
 * transaction, after it has locked the changed contract (rows above are always locked first).
 */
export function createContractCascade(deps: { messages: Pick<MessagesService, 'notify'>; now: () => Date }) {
  const { messages, now } = deps;

  async function end(trx: Db, row: ContractRow, reason: AutomaticEnd, at: Date): Promise<ContractRow> {
    const ended = await updateContract(trx, String(row.id), {
      status: 'terminated',
      terminatedAt: at,
      endReason: reason,
    });
    await messages.notify(trx, {
      memberId: String(row.downlineId),
      kind: CONTRACT_ENDED_NOTICE,
      params: { contractType: row.type, reason, contractId: String(row.id) },
    });
    return ended;
  }

  /** Cancel open offers of a type made by these members (they can no longer give what they offered). */
  async function cancelOffers(
    trx: Db,
    uplineIds: string[],
    type: string,
    reason: AutomaticEnd,
    keep: (offer: ContractRow) => boolean = () => false,
  ): Promise<void> {
    for (const offer of await findOffersBy(trx, uplineIds, type)) {
      if (!keep(offer))
        await updateContract(trx, String(offer.id), { status: 'cancelled', terminatedAt: now(), endReason: reason });
    }
  }

  /**
   * A member's own contract of a type ended: it is at rate 0, so every live contract of the type
   * anywhere under it ends too (rate cap), locked level by level, and their open offers are cancelled.
   */
  async function afterEnded(trx: Db, memberId: string, type: string): Promise<ContractRow[]> {
    const at = now();
    const below = await lockLiveContractsUnder(trx, memberId, type);
    const ended: ContractRow[] = [];
    for (const row of below) ended.push(await end(trx, row, 'rate_cap', at));
    await cancelOffers(trx, [memberId, ...below.map((r) => String(r.downlineId))], type, 'rate_cap');
    return ended;
  }

  return {
    afterEnded,

    /** The direct downlines' live contracts that new terms of a member's contract would put above the cap (nothing changes). */
    async wouldExceed(trx: Db, memberId: string, type: string, tiers: readonly ContractTier[]): Promise<ContractRow[]> {
      const direct = await lockLiveContractsOfUpline(trx, memberId, type);
      return direct.filter((row) => exceedsUpline(row.tiers, tiers));
    },

    /**
     * A member's contract of a type now has these tiers: its direct downlines' contracts above them
     * end (and everything under those), and its open offers above them are cancelled.
     */
    async afterLowered(
      trx: Db,
      memberId: string,
      type: string,
      tiers: readonly ContractTier[],
    ): Promise<ContractRow[]> {
      const at = now();
      const over = (await lockLiveContractsOfUpline(trx, memberId, type)).filter((row) =>
        exceedsUpline(row.tiers, tiers),
      );
      const ended: ContractRow[] = [];
      for (const row of over) {
        ended.push(await end(trx, row, 'rate_cap', at));
        ended.push(...(await afterEnded(trx, String(row.downlineId), type)));
      }
      await cancelOffers(trx, [memberId], type, 'rate_cap', (offer) => !exceedsUpline(offer.tiers, tiers));
      return ended;
    },

    /**
     * A member moved to another upline (in the move's transaction, after its member rows): its
     * contracts with the old upline end (reason moved), with everything under them, and offers to it are cancelled.
     */
    async afterMoved(trx: Db, memberId: string): Promise<ContractRow[]> {
      const at = now();
      const ended: ContractRow[] = [];
      for (const row of await lockContractsWithUpline(trx, memberId)) {
        if (row.status === 'offered') {
          await updateContract(trx, String(row.id), { status: 'cancelled', terminatedAt: at, endReason: 'moved' });
          continue;
        }
        ended.push(await end(trx, row, 'moved', at));
        ended.push(...(await afterEnded(trx, memberId, row.type)));
      }
      return ended;
    },

    end,
  };
}
