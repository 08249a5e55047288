import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

/**
 * A save the operator's licence refused (LICENCE_REFUSED): the rule it breaks, the field of the
 * form it concerns (`steps.1.kind`, `levels.2.upgradeBonus`, `translations.PT.title`…) and, when
 * words broke it, the word (packages/shared/src/bonus-offers.ts).
 */
export type LicenceRefusal = { rule: string; field: string; word?: string };

/** The licence's refusal of a save, or null for any other error (or a refusal naming no field). */
export function licenceRefusalOf(error: unknown): LicenceRefusal | null {
  if (!isApiError(error, 'LICENCE_REFUSED')) return null;
  const value = error.value as { rule?: unknown; field?: unknown; word?: unknown } | undefined;
  if (typeof value?.rule !== 'string' || typeof value.field !== 'string') return null;
  return { rule: value.rule, field: value.field, ...(typeof value.word === 'string' ? { word: value.word } : {}) };
}

/** The refusal in the operator's language, for under its field: why, and the word that broke it. */
export function licenceRefusalText(t: TFunction, refusal: LicenceRefusal): string {
  const why = t(`licence:refusals.${refusal.rule}`, { defaultValue: t('errors:LICENCE_REFUSED') });
  return refusal.word ? `${why} ${t('licence:refusalWord', { word: refusal.word })}` : why;
}
