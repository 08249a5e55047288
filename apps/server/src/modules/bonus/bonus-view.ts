import { GAME_CATEGORIES, type GameCategory } from '@wps/shared/catalogue-constants';
import type { Bonus } from '@wps/shared/schemas/bonus';
import type { BonusRow } from './bonus.repository';

/** A bonus as the player and the back office see it. */
export function toBonusView(row: BonusRow): Bonus {
  return {
    id: String(row.id),
    status: row.status,
    source: row.source,
    amountMinor: String(row.amount),
    wageringMultiple: row.wageringMultiple,
    requirementMinor: String(row.requirement),
    wageredMinor: String(row.wagered),
    maxConversionMinor: String(row.maxConversion),
    maxStakeMinor: String(row.maxStake),
    expiresAt: new Date(row.expiresAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
    activatedAt: row.activatedAt ? new Date(row.activatedAt).toISOString() : null,
    endedAt: row.endedAt ? new Date(row.endedAt).toISOString() : null,
    convertedMinor: String(row.converted),
    returnedMinor: String(row.returned),
  };
}

/** The stored contributions as a list in the catalogue's category order (a missing one counts 0). */
export function toContributionList(stored: Record<string, number>): { category: GameCategory; percent: number }[] {
  return GAME_CATEGORIES.map((category) => ({ category, percent: stored[category] ?? 0 }));
}
