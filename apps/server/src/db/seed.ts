import type { Kysely } from 'kysely';
import { seedDemoAgent } from '../modules/member/member.seed';
import { seedDemoDepositChannels } from '../modules/deposit/deposit.seed';
import { seedDemoCatalogue } from '../modules/catalogue/catalogue.seed';
import { seedDemoLottery } from '../modules/lottery/lottery.seed';
import { sharedLotteryRules } from '../modules/lottery/lottery-rules-shared';
import { ensureCurrentKey } from '../modules/system/key.service';
import {
  DEMO_OPERATOR_IDENTITY,
  DEMO_REGION_CIDRS,
  SETTING_KEYS,
  getDemoSettings,
} from '../modules/system/operator-settings';
import {
  claimDemoInstallation,
  insertMissingSettings,
  markDemoInstallationPending,
  upsertRegionCidr,
  upsertSetting,
} from '../modules/system/system.repository';
import type { Database } from './schema';

export type SeedResult = { insertedSettings: string[]; firstSeed: boolean };

/**
 * Whether this start installs the demo (server.ts): true for the one start that claims the
 * installation the database was owed since its first seed, whether that seed ran in a server, in
 * `npm run migrate` or in the ops console (an operator making the first admin before `npm start`).
 */
export function claimDemoInstall(db: Kysely<Database>): Promise<boolean> {
  return claimDemoInstallation(db);
}

/**
 * Seed the demo operator. Idempotent and run at every start: settings that are missing get
 * their demo value (so a setting added by a later release appears on upgrade), values the
 * operator changed are never overwritten, and the demo CIDR blocks are added only on the very
 * first seed so that an operator's deletions stick.
 */
export async function seedDemoOperator(db: Kysely<Database>): Promise<SeedResult> {
  const demo = getDemoSettings();
  const insertedSettings = await insertMissingSettings(
    db,
    SETTING_KEYS.map((key) => ({ key, value: demo[key] })),
  );
  // The brand row exists from the first seed on; inserting it now means this database is new.
  const firstSeed = insertedSettings.includes('brand');
  if (firstSeed) {
    // Only a new database is the demo operator's; an upgraded one keeps the identification blank.
    await upsertSetting(db, 'operatorIdentity', DEMO_OPERATOR_IDENTITY);
    for (const block of DEMO_REGION_CIDRS) await upsertRegionCidr(db, block);
    await seedDemoAgent(db);
    // The rest of the demo (licence, site content, players, rewards) needs the built app: the
    // first server start installs it, whichever command created the database (claimDemoInstall).
    await markDemoInstallationPending(db);
  }
  await ensureCurrentKey(db);
  // Fills an empty channel table only, so databases seeded before deposits existed get them too.
  await seedDemoDepositChannels(db);
  // Missing demo vendors and games only: an operator's maintenance switches survive restarts.
  await seedDemoCatalogue(db);
  // Missing demo lottery games only: an operator's paytables and limits survive restarts.
  await seedDemoLottery(db, sharedLotteryRules);
  return { insertedSettings, firstSeed };
}
