import type { ReactNode } from 'react';

/** The look a lobby card is drawn in, from the game's family: each kind of lottery its own picture. */
export type LotteryArtKind = 'digits' | 'pick' | 'dice' | 'race' | 'keno' | 'vn';

export function lotteryArtKind(family: string): LotteryArtKind {
  if (family.startsWith('digits')) return 'digits';
  if (family.startsWith('vn_')) return 'vn';
  if (family === 'pick11x5') return 'pick';
  if (family === 'dice3') return 'dice';
  if (family === 'race10') return 'race';
  return 'keno';
}

const W = 160;
const H = 64;

function Ball({ x, y, r, label, hot = false }: { x: number; y: number; r: number; label?: string; hot?: boolean }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} className={hot ? 'lot-art__hot' : 'lot-art__ball'} />
      {label ? (
        <text x={x} y={y} className={hot ? 'lot-art__digit lot-art__digit--on-hot' : 'lot-art__digit'}>
          {label}
        </text>
      ) : null}
    </g>
  );
}

/** Pips of a die face, on a 3×3 grid (0–8, row by row). */
const PIPS: Record<number, number[]> = { 3: [0, 4, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function Die({ x, face }: { x: number; face: number }) {
  return (
    <g>
      <rect x={x} y={14} width={36} height={36} rx={8} className="lot-art__ink" />
      {PIPS[face]!.map((p) => (
        <circle key={p} cx={x + 9 + (p % 3) * 9} cy={23 + Math.floor(p / 3) * 9} r={3.2} className="lot-art__pip" />
      ))}
    </g>
  );
}

function drawing(family: string, kind: LotteryArtKind): ReactNode {
  switch (kind) {
    case 'digits': {
      const digits = family === 'digits3' ? ['7', '2', '9'] : ['3', '8', '1', '6', '4'];
      const step = 28;
      const first = W / 2 - ((digits.length - 1) * step) / 2;
      return digits.map((d, i) => <Ball key={i} x={first + i * step} y={32} r={12} label={d} hot={i === 0} />);
    }
    case 'pick': {
      // Eleven balls, five of them drawn.
      const drawn = new Set([2, 4, 7, 9, 11]);
      return Array.from({ length: 11 }, (_, i) => {
        const n = i + 1;
        const row = i < 6 ? 0 : 1;
        const col = row === 0 ? i : i - 6 + 0.5;
        return <Ball key={n} x={30 + col * 20} y={18 + row * 26} r={9} label={String(n)} hot={drawn.has(n)} />;
      });
    }
    case 'dice':
      return [6, 3, 5].map((face, i) => <Die key={i} x={26 + i * 38} face={face} />);
    case 'race':
      return (
        <>
          {Array.from({ length: 16 }, (_, i) => (
            <rect
              key={i}
              x={132 + (i % 2) * 8}
              y={Math.floor(i / 2) * 8}
              width={8}
              height={8}
              className={(i + Math.floor(i / 2)) % 2 ? 'lot-art__ink' : 'lot-art__ball'}
            />
          ))}
          {[1, 2, 3].map((car, i) => (
            <g key={car}>
              <path d={`M8 ${16 + i * 18}H124`} className="lot-art__lane" />
              <rect
                x={92 - i * 22}
                y={9 + i * 18}
                width={30}
                height={14}
                rx={6}
                className={i ? 'lot-art__ink' : 'lot-art__hot'}
              />
              <text
                x={107 - i * 22}
                y={16 + i * 18}
                className="lot-art__digit lot-art__digit--on-hot lot-art__digit--small"
              >
                {car}
              </text>
            </g>
          ))}
        </>
      );
    case 'keno': {
      const hot = new Set([3, 8, 12, 17, 21, 26, 30, 35, 38]);
      return Array.from({ length: 40 }, (_, i) => (
        <circle
          key={i}
          cx={17 + (i % 10) * 14}
          cy={11 + Math.floor(i / 10) * 14}
          r={5}
          className={hot.has(i) ? 'lot-art__hot' : 'lot-art__ball'}
        />
      ));
    }
    case 'vn':
      // A draw ticket: its special prize's number first, then the endings lô is bet on.
      return (
        <>
          <path d="M14 8H146V26a6 6 0 0 0 0 12V56H14V38a6 6 0 0 0 0-12Z" className="lot-art__ticket" />
          <path d="M50 12V52" className="lot-art__lane" />
          <text x={32} y={32} className="lot-art__digit lot-art__digit--on-hot">
            {family === 'vn_south' ? '05' : family === 'vn_central' ? '68' : '27'}
          </text>
          {['12', '49', '83'].map((n, i) => (
            <Ball key={n} x={72 + i * 26} y={32} r={11} label={n} />
          ))}
        </>
      );
  }
}

/** A lobby card's art, drawn in place from the game's family in the theme's colours (no image to load). */
export function LotteryArt({ family }: { family: string }) {
  const kind = lotteryArtKind(family);
  return (
    <div className={`lot-art lot-art--${kind}`} aria-hidden="true" data-testid="lottery-card-art" data-kind={kind}>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} focusable="false">
        {drawing(family, kind)}
      </svg>
    </div>
  );
}
