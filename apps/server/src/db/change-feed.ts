import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from './database';
import type { Database } from './schema';

/** Notification channels. wps_member_change is sent by a trigger on members (migration 0007). */
export const CHANGE_CHANNELS = {
  sessionEvict: 'wps_session_evict',
  memberChange: 'wps_member_change',
  /** Sent by triggers on game_vendors and games (migration 0040). */
  catalogueChange: 'wps_catalogue_change',
  /** Sent by a trigger on ledger_accounts when a player account's balance changes; the payload is the account id (migration 0150). */
  balanceChange: 'wps_balance_change',
  /** Sent by triggers on content_items and content_translations (migration 0200). */
  contentChange: 'wps_content_change',
  /** Sent by a trigger on vendor_adapters (migration 0210): which vendors players may see and launch. */
  vendorAdapterChange: 'wps_vendor_adapter_change',
  /** Sent by a trigger on lottery_draws when a draw's status changes; the payload is { gameCode, numero, status } (migration 0312). */
  lotteryChange: 'wps_lottery_change',
  /** Sent by a trigger on lottery_games when a game's row changes; the payload is the game's code (migration 0319). */
  lotteryGameChange: 'wps_lottery_game_change',
  /** Sent by a statement trigger on reward_events when player events are added; no payload (migration 0314). */
  rewardEvents: 'wps_reward_events',
  /** Sent by triggers on rg_players, rg_limits and rg_exclusions; the payload is the member id (migration 0330). */
  rgChange: 'wps_rg_change',
  /** Sent by a trigger on kyc_members when a re-verification is found due; the payload is the member id (migration 0420). */
  kycChange: 'wps_kyc_change',
  /** Sent by a trigger on operator_licence when the profile changes; the payload is the profile (migration 0561). */
  licenceChange: 'wps_licence_change',
  /**
   * Sent by triggers on the VIP tables (migration 0695): a member's id when their level or labels
   * change, '*' when the levels, the VIP settings or the labels the operator defines change.
   */
  vipChange: 'wps_vip_change',
  /** Sent by a trigger on ledger_accounts when a member's account is created; the payload is the member id (migration 0696). */
  accountCreated: 'wps_account_created',
  /** Sent by statement triggers on crash_rounds (phase) and crash_bets (placed, status); the payload is the table (migration 0720). */
  crashChange: 'wps_crash_change',
} as const;

export type ChangeChannel = (typeof CHANGE_CHANNELS)[keyof typeof CHANGE_CHANNELS];

/**
 * One process-wide subscription to the database's change notifications, so in-process caches
 * of hot reads can be evicted when any instance writes. Caches must be used only while
 * `isLive`; every reset (feed down or back up) must clear them.
 */
export function createChangeFeed(database: Pick<DatabaseHandle, 'listen'>) {
  const handlers = new Map<ChangeChannel, ((payload: string) => void)[]>();
  const resetHandlers: (() => void)[] = [];
  let isLive = false;
  let stop: (() => Promise<void>) | undefined;

  return {
    /** True while notifications are flowing; caches are bypassed otherwise. */
    get isLive(): boolean {
      return isLive;
    },

    /** Call `onMessage` for each notification on the channel. Subscribe before `start`. */
    subscribe(channel: ChangeChannel, onMessage: (payload: string) => void): void {
      handlers.set(channel, [...(handlers.get(channel) ?? []), onMessage]);
    },

    /** Call `onReset` whenever the feed goes down or comes up. */
    onReset(onReset: () => void): void {
      resetHandlers.push(onReset);
    },

    /**
     * Tell this instance's subscribers now, after a local write committed. The database's own
     * notification reaches the other instances (and this one again) a moment later; announcing
     * locally means this instance's next read already sees the write.
     */
    announce(channel: ChangeChannel, payload: string): void {
      for (const handler of handlers.get(channel) ?? []) handler(payload);
    },

    /** Start listening (app start). */
    async start(): Promise<void> {
      if (stop || handlers.size === 0) return;
      stop = await database.listen([...handlers.keys()], {
        onMessage: (channel, payload) => {
          for (const handler of handlers.get(channel as ChangeChannel) ?? []) handler(payload);
        },
        onState: (live) => {
          isLive = live;
          for (const reset of resetHandlers) reset();
        },
      });
    },

    /** Stop listening (app shutdown). */
    async close(): Promise<void> {
      isLive = false;
      const stopping = stop;
      stop = undefined;
      await stopping?.();
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

/** Send a change notification; PostgreSQL delivers it when `db`'s transaction commits. */
export async function publishChange(db: Kysely<Database>, channel: ChangeChannel, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}
