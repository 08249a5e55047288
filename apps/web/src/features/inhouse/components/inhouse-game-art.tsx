import type { InhouseGameKind } from '@wps/shared/schemas/inhouse';
import { SlotSymbol } from './slot-symbol';

/** The card art of an in-house game, drawn in place (no image to load). */
export function InhouseGameArt({ game }: { game: InhouseGameKind }) {
  if (game === 'slot') {
    return (
      <div className="ih-art ih-art--slot" aria-hidden="true">
        <SlotSymbol symbol="seven" />
        <SlotSymbol symbol="seven" />
        <SlotSymbol symbol="seven" />
      </div>
    );
  }
  return (
    <div className="ih-art ih-art--dice" aria-hidden="true">
      <svg viewBox="0 0 64 64" width="72" height="72">
        <rect x="6" y="6" width="52" height="52" rx="12" />
        <circle cx="20" cy="20" r="5" />
        <circle cx="44" cy="20" r="5" />
        <circle cx="32" cy="32" r="5" />
        <circle cx="20" cy="44" r="5" />
        <circle cx="44" cy="44" r="5" />
      </svg>
    </div>
  );
}
