import type { Kysely } from 'kysely';
import { createTtlCache } from '../../cache/ttl-cache';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import {
  findMemberVipFacts,
  findVipLevels,
  findVipSettings,
  type VipLevelRow,
  type VipSettingsRow,
} from './vip.repository';

type Db = Kysely<Database>;

/**
 * How long a copy read from the database is trusted. Evictions come through the change feed; this
 * only bounds what a change made with the triggers off (a script under session_replication_role =
 * replica) leaves behind. Nothing here moves money or decides a bonus.
 */
const VIP_CACHE_TTL_MS = 60_000;
/** Members whose standing is kept at most; the oldest go first. */
const VIP_CACHE_MAX_MEMBERS = 20_000;
/** The key of the one programme entry. */
const PROGRAMME = 'programme';
/** The change feed's payload for a change to what every member shares (levels, settings, the labels defined). */
const ALL = '*';

/** A member's VIP standing as member info shows it. */
export type MemberVipFacts = { rankLevel: number; labels: { labelName: string; color: string }[] };
/** The operator's VIP programme: the levels (by rank) and the settings. */
export type VipProgramme = { levels: VipLevelRow[]; settings: VipSettingsRow };

export type VipCacheContext = {
  db: Db;
  changeFeed?: Pick<ChangeFeed, 'isLive' | 'subscribe' | 'onReset' | 'announce'>;
  now?: () => number;
};

/**
 * The VIP facts a player's page reads on every navigation (member info's club label and member
 * labels, the VIP page's levels), kept per instance. Used only while the change feed is live and
 * cleared whenever it goes down or comes back; evicted by the triggers of migration 0695 on every
 * instance, whoever writes, and at once on this instance by the writer's announcement after its
 * commit. A member's level is their own stored row (vip_members, written by the consumer's upgrades
 * and the review from their own window), so no other member's activity can make it stale.
 * Decisions (upgrades, the review, bonuses, rule conditions) read the database in their
 * transaction, never this copy.
 */
export function createVipCache(ctx: VipCacheContext) {
  const { db } = ctx;
  const now = ctx.now ?? Date.now;
  const feed = ctx.changeFeed;
  const programme = createTtlCache<VipProgramme>({ ttlMs: VIP_CACHE_TTL_MS, maxEntries: 1, now });
  const members = createTtlCache<MemberVipFacts>({
    ttlMs: VIP_CACHE_TTL_MS,
    maxEntries: VIP_CACHE_MAX_MEMBERS,
    now,
  });

  function clear(): void {
    programme.clear();
    members.clear();
  }

  // A label renamed or removed changes the names held for its members: '*' drops them too.
  feed?.subscribe(CHANGE_CHANNELS.vipChange, (payload) => (payload === ALL ? clear() : members.delete(payload)));
  feed?.onReset(clear);

  return {
    /** The levels and settings, from memory while the feed is live. */
    async programme(): Promise<VipProgramme> {
      const isUsable = feed?.isLive === true;
      const cached = isUsable ? programme.get(PROGRAMME) : undefined;
      if (cached) return cached;
      const readVersion = programme.version;
      const [levels, settings] = await Promise.all([findVipLevels(db), findVipSettings(db)]);
      const value = { levels, settings };
      if (isUsable) programme.set(PROGRAMME, value, readVersion);
      return value;
    },

    /** A member's level and labels, from memory while the feed is live (one statement otherwise). */
    async member(memberId: string): Promise<MemberVipFacts> {
      const isUsable = feed?.isLive === true;
      const cached = isUsable ? members.get(memberId) : undefined;
      if (cached) return cached;
      const readVersion = members.version;
      const facts = await findMemberVipFacts(db, memberId);
      if (isUsable) members.set(memberId, facts, readVersion);
      return facts;
    },

    /** After a write committed on this instance: a member's id, or all (levels, settings, labels defined). */
    changed(memberId: string | 'all'): void {
      feed?.announce(CHANGE_CHANNELS.vipChange, memberId === 'all' ? ALL : memberId);
    },
  };
}

export type VipCache = ReturnType<typeof createVipCache>;
