import type { VendorLane } from '@wps/shared/schemas/catalogue';

export type VendorOption = { vassalage: string; name: string };

/** Every vendor of the lobby lanes once, sorted by name, optionally only those of one category. */
export function toVendorOptions(lanes: readonly VendorLane[], category: string): VendorOption[] {
  const seen = new Map<string, VendorOption>();
  for (const lane of lanes) {
    if (category && lane.title !== category) continue;
    for (const card of lane.cards)
      if (!seen.has(card.vassalage)) seen.set(card.vassalage, { vassalage: card.vassalage, name: card.name });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}
