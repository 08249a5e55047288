import type { Kysely } from 'kysely';
import { contentBreach, findBonusOffer } from '@wps/shared/bonus-offers';
import { licenceRules, type JurisdictionProfile } from '@wps/shared/licence';
import type { ContentKind } from '@wps/shared/schemas/content';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { Database } from '../../db/schema';
import { blockerOf, refuseBreach } from '../licence/licence-offers';
import type { LicenceService } from '../licence/licence.service';
import {
  findAllPublishedItems,
  findTranslations,
  type ContentItemRow,
  type TranslationFields,
} from './content.repository';

/*
 * Content under a licence that forbids bonuses and advances (BR; docs/compliance.md, "Bonuses and
 * advances"): which items offer one, which kinds the players' reads leave out, the refusal of a
 * save or a publishing, and the published items a switch to such a licence would break.
 */

export type Words = ReadonlyMap<string, { title: string; bodyHtml: string }>;

/** Whether an item offers a bonus: its flag, or its words in any language (bonus-offers.ts). */
export function isBonusOffer(row: ContentItemRow, words: Words): boolean {
  return findBonusOffer({ bonusOffer: row.bonusOffer, translations: Object.fromEntries(words) }) !== null;
}

/**
 * Kinds the players' reads leave out when they offer a bonus under a licence that forbids it. The
 * terms and the footer's licence line are not hidden: the site must show them; a save that breaks
 * the licence is refused and a switch waits for them to be reworded instead.
 */
export const HIDDEN_WHEN_BONUS: ReadonlySet<ContentKind> = new Set([
  'banner',
  'promotion',
  'announcement',
  'help_article',
]);

/** The published items a licence profile would forbid: a switch to it is refused while they are published. */
export async function contentLicenceBlockers(
  trx: Kysely<Database>,
  to: JurisdictionProfile,
): Promise<LicenceBlocker[]> {
  const rules = licenceRules(to);
  if (rules.bonusAdvertising) return [];
  const rows = await findAllPublishedItems(trx);
  const translations = await findTranslations(
    trx,
    rows.map((r) => r.id),
  );
  const blockers: LicenceBlocker[] = [];
  for (const row of rows) {
    const words = translations.filter((t) => t.itemId === row.id);
    const breach = contentBreach(rules, {
      bonusOffer: row.bonusOffer,
      translations: Object.fromEntries(words.map((t) => [t.language, { title: t.title, bodyHtml: t.bodyHtml }])),
    });
    const label = words.find((t) => t.language === 'PT')?.title ?? words[0]?.title ?? row.id;
    if (breach) blockers.push(blockerOf(`content_${row.kind}`, row.id, label, breach));
  }
  return blockers;
}

/**
 * Under a licence that forbids bonuses, an item flagged a bonus offer or whose words name one is
 * refused, in the writer's transaction (a draft too: it could only be published by rewording it).
 */
export async function refuseBonusContent(
  trx: Kysely<Database>,
  licence: { policy: Pick<LicenceService['policy'], 'profile'> },
  item: { bonusOffer: boolean; translations: readonly TranslationFields[] },
): Promise<void> {
  const profile = await licence.policy.profile(trx);
  refuseBreach(
    profile,
    contentBreach(licenceRules(profile), {
      bonusOffer: item.bonusOffer,
      translations: Object.fromEntries(item.translations.map((t) => [t.language, t])),
    }),
  );
}
