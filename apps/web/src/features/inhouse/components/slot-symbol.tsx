import type { SlotSymbol as SlotSymbolName } from '@wps/shared/provably-fair';

/** A slot symbol drawn in SVG (no external art); decorative, the cell carries the accessible name. */
export function SlotSymbol({ symbol }: { symbol: SlotSymbolName }) {
  return (
    <svg
      className={`slot-symbol slot-symbol--${symbol}`}
      viewBox="0 0 64 64"
      width="64"
      height="64"
      aria-hidden="true"
      focusable="false"
    >
      {symbol === 'seven' && (
        <text x="32" y="50" textAnchor="middle" fontSize="52" fontWeight="900" fontFamily="system-ui, sans-serif">
          7
        </text>
      )}
      {symbol === 'bar' && (
        <>
          <rect x="6" y="20" width="52" height="24" rx="6" />
          <text
            x="32"
            y="39"
            textAnchor="middle"
            fontSize="17"
            fontWeight="900"
            fontFamily="system-ui, sans-serif"
            className="slot-symbol__ink"
          >
            BAR
          </text>
        </>
      )}
      {symbol === 'bell' && (
        <>
          <path d="M32 8c-11 0-17 9-17 20v10l-6 8h46l-6-8V28c0-11-6-20-17-20z" />
          <circle cx="32" cy="52" r="5" />
        </>
      )}
      {symbol === 'plum' && (
        <>
          <ellipse cx="32" cy="36" rx="19" ry="21" />
          <path d="M32 15c2-5 7-8 12-8" className="slot-symbol__stem" />
        </>
      )}
      {symbol === 'orange' && (
        <>
          <circle cx="32" cy="35" r="21" />
          <path d="M32 14c4-6 10-7 14-5-3 5-8 7-14 5z" className="slot-symbol__leaf" />
        </>
      )}
      {symbol === 'lemon' && <ellipse cx="32" cy="34" rx="25" ry="17" transform="rotate(-20 32 34)" />}
      {symbol === 'cherry' && (
        <>
          <path d="M22 40c4-16 12-26 22-30M42 42c-2-14 0-24 2-32" className="slot-symbol__stem" />
          <circle cx="20" cy="44" r="12" />
          <circle cx="43" cy="46" r="11" />
        </>
      )}
    </svg>
  );
}
