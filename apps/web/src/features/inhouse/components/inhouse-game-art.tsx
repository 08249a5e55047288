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
  if (game === 'limbo') {
    // A multiplier climbing past its target line.
    return (
      <div className="ih-art ih-art--limbo" aria-hidden="true">
        <svg viewBox="0 0 64 64" width="72" height="72">
          <path d="M6 22h52" className="ih-art__line" />
          <path d="M8 56C26 54 38 42 46 14" className="ih-art__curve" />
          <path d="M40 14l6-8 6 9z" />
          <text x="32" y="46" textAnchor="middle">
            2×
          </text>
        </svg>
      </div>
    );
  }
  if (game === 'crash') {
    // The multiplier's curve rising until it bursts at the crash point.
    return (
      <div className="ih-art ih-art--crash" aria-hidden="true">
        <svg viewBox="0 0 64 64" width="72" height="72">
          <path d="M6 58C24 56 38 44 44 16" className="ih-art__curve" />
          {[0, 60, 120, 180, 240, 300].map((deg) => (
            <path
              key={deg}
              d={`M46 14l${Math.round(9 * Math.cos((deg * Math.PI) / 180))} ${Math.round(9 * Math.sin((deg * Math.PI) / 180))}`}
              className="ih-art__line"
            />
          ))}
          <circle cx="46" cy="14" r="4" className="ih-art__ball" />
        </svg>
      </div>
    );
  }
  if (game === 'plinko') {
    // Pegs in a triangle over the bins, one ball falling.
    return (
      <div className="ih-art ih-art--plinko" aria-hidden="true">
        <svg viewBox="0 0 64 64" width="72" height="72">
          {[0, 1, 2, 3].flatMap((row) =>
            Array.from({ length: row + 2 }, (_, i) => (
              <circle key={`${row}-${i}`} cx={32 + (i - (row + 1) / 2) * 11} cy={12 + row * 11} r="2.5" />
            )),
          )}
          <circle cx="37" cy="28" r="4.5" className="ih-art__ball" />
          <path d="M6 56h52" className="ih-art__line" />
        </svg>
      </div>
    );
  }
  if (game === 'keno') {
    // A corner of the 40-number board with three numbers hit.
    return (
      <div className="ih-art ih-art--keno" aria-hidden="true">
        <svg viewBox="0 0 64 64" width="72" height="72">
          {Array.from({ length: 16 }, (_, i) => (
            <rect
              key={i}
              x={6 + (i % 4) * 13.5}
              y={6 + Math.floor(i / 4) * 13.5}
              width="11"
              height="11"
              rx="3"
              className={[1, 6, 11].includes(i) ? 'ih-art__hit' : undefined}
            />
          ))}
        </svg>
      </div>
    );
  }
  if (game === 'mines') {
    // A corner of the grid: a gem found, a mine turned up.
    return (
      <div className="ih-art ih-art--mines" aria-hidden="true">
        <svg viewBox="0 0 64 64" width="72" height="72">
          {Array.from({ length: 16 }, (_, i) => (
            <rect key={i} x={6 + (i % 4) * 13.5} y={6 + Math.floor(i / 4) * 13.5} width="11" height="11" rx="2.5" />
          ))}
          <path d="M22 24l3-4h4l3 4-5 6z" className="ih-art__hit" />
          <circle cx="44" cy="44" r="4.5" className="ih-art__ball" />
        </svg>
      </div>
    );
  }
  if (game === 'hilo') {
    // Two cards, the arrows for higher and lower.
    return (
      <div className="ih-art ih-art--hilo" aria-hidden="true">
        <svg viewBox="0 0 64 64" width="72" height="72">
          <rect x="6" y="10" width="28" height="42" rx="4" />
          <rect x="28" y="14" width="28" height="42" rx="4" className="ih-art__hit" />
          <text x="42" y="42" textAnchor="middle">
            K
          </text>
          <path d="M14 26l5-7 5 7zM14 38l5 7 5-7z" className="ih-art__line" />
        </svg>
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
