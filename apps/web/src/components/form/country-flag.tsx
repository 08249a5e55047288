import type { ReactNode } from 'react';

/*
 * Flags are drawn here as tiny inline SVGs (ui guide: nothing is fetched from the internet,
 * and emoji flags do not render on Windows or on systems without a colour emoji font).
 * Simplified at 20×14: stripes and a main emblem, enough to recognise the country.
 * Unknown countries get a neutral badge with their two letters.
 */

type Stripes = { dir: 'h' | 'v'; colors: string[]; extra?: ReactNode };

const W = 20;
const H = 14;

const star = (cx: number, cy: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.4;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
  return <polygon points={points} fill={fill} />;
};

const FLAGS: Record<string, Stripes> = {
  BR: {
    dir: 'h',
    colors: ['#009c3b'],
    extra: (
      <>
        <polygon points="10,1.5 18.5,7 10,12.5 1.5,7" fill="#ffdf00" />
        <circle cx="10" cy="7" r="3.3" fill="#002776" />
      </>
    ),
  },
  PT: { dir: 'v', colors: ['#006600', '#ff0000', '#ff0000'], extra: <circle cx="6.7" cy="7" r="2.6" fill="#ffcc00" /> },
  US: {
    dir: 'h',
    colors: ['#b22234', '#fff', '#b22234', '#fff', '#b22234', '#fff', '#b22234'],
    extra: <rect width="9" height="7.5" fill="#3c3b6e" />,
  },
  GB: {
    dir: 'h',
    colors: ['#012169'],
    extra: (
      <>
        <path d="M0 0L20 14M20 0L0 14" stroke="#fff" strokeWidth="3" />
        <path d="M0 0L20 14M20 0L0 14" stroke="#c8102e" strokeWidth="1" />
        <path d="M10 0v14M0 7h20" stroke="#fff" strokeWidth="4" />
        <path d="M10 0v14M0 7h20" stroke="#c8102e" strokeWidth="2.4" />
      </>
    ),
  },
  VN: { dir: 'h', colors: ['#da251d'], extra: star(10, 7.3, 4.2, '#ffff00') },
  CN: { dir: 'h', colors: ['#de2910'], extra: star(4, 4, 2.6, '#ffde00') },
  TH: { dir: 'h', colors: ['#a51931', '#f4f5f8', '#2d2a4a', '#2d2a4a', '#f4f5f8', '#a51931'] },
  ID: { dir: 'h', colors: ['#ff0000', '#fff'] },
  MY: {
    dir: 'h',
    colors: ['#cc0001', '#fff', '#cc0001', '#fff', '#cc0001', '#fff', '#cc0001'],
    extra: (
      <>
        <rect width="10" height="8" fill="#010066" />
        <circle cx="4.5" cy="4" r="2.6" fill="#ffcc00" />
        <circle cx="5.3" cy="4" r="2.2" fill="#010066" />
      </>
    ),
  },
  PH: {
    dir: 'h',
    colors: ['#0038a8', '#ce1126'],
    extra: <polygon points="0,0 10,7 0,14" fill="#fff" />,
  },
  IN: {
    dir: 'h',
    colors: ['#ff9933', '#fff', '#138808'],
    extra: <circle cx="10" cy="7" r="1.8" fill="none" stroke="#000080" strokeWidth="0.6" />,
  },
  JP: { dir: 'h', colors: ['#fff'], extra: <circle cx="10" cy="7" r="4.2" fill="#bc002d" /> },
  KR: {
    dir: 'h',
    colors: ['#fff'],
    extra: (
      <>
        <circle cx="10" cy="7" r="3.5" fill="#cd2e3a" />
        <path d="M6.5 7a3.5 3.5 0 0 0 7 0z" fill="#0047a0" />
      </>
    ),
  },
  ES: { dir: 'h', colors: ['#aa151b', '#f1bf00', '#f1bf00', '#aa151b'] },
  FR: { dir: 'v', colors: ['#0055a4', '#fff', '#ef4135'] },
  DE: { dir: 'h', colors: ['#000', '#dd0000', '#ffce00'] },
  IT: { dir: 'v', colors: ['#009246', '#fff', '#ce2b37'] },
  MX: { dir: 'v', colors: ['#006847', '#fff', '#ce1126'], extra: <circle cx="10" cy="7" r="1.6" fill="#8c5a2b" /> },
  AR: { dir: 'h', colors: ['#74acdf', '#fff', '#74acdf'], extra: <circle cx="10" cy="7" r="1.6" fill="#f6b40e" /> },
  CO: { dir: 'h', colors: ['#fcd116', '#fcd116', '#003893', '#ce1126'] },
  CL: {
    dir: 'h',
    colors: ['#fff', '#d52b1e'],
    extra: (
      <>
        <rect width="7" height="7" fill="#0039a6" />
        {star(3.5, 3.6, 2, '#fff')}
      </>
    ),
  },
  PE: { dir: 'v', colors: ['#d91023', '#fff', '#d91023'] },
  AO: { dir: 'h', colors: ['#cc092f', '#000'], extra: star(10, 7, 2.4, '#ffcb00') },
  MZ: { dir: 'h', colors: ['#009a44', '#000', '#fce100'], extra: <polygon points="0,0 8,7 0,14" fill="#d21034" /> },
  NG: { dir: 'v', colors: ['#008751', '#fff', '#008751'] },
  RU: { dir: 'h', colors: ['#fff', '#0039a6', '#d52b1e'] },
  TR: {
    dir: 'h',
    colors: ['#e30a17'],
    extra: (
      <>
        <circle cx="7.5" cy="7" r="3.5" fill="#fff" />
        <circle cx="8.4" cy="7" r="2.8" fill="#e30a17" />
        {star(12.3, 7, 1.5, '#fff')}
      </>
    ),
  },
  SG: { dir: 'h', colors: ['#ef3340', '#fff'], extra: <circle cx="4" cy="3.5" r="2" fill="#fff" /> },
  KH: {
    dir: 'h',
    colors: ['#032ea1', '#e00025', '#e00025', '#032ea1'],
    extra: <rect x="7.5" y="5" width="5" height="4" fill="#fff" />,
  },
  HK: { dir: 'h', colors: ['#de2910'], extra: <circle cx="10" cy="7" r="3.2" fill="#fff" /> },
  TW: {
    dir: 'h',
    colors: ['#fe0000'],
    extra: (
      <>
        <rect width="10" height="7" fill="#000095" />
        <circle cx="5" cy="3.5" r="1.8" fill="#fff" />
      </>
    ),
  },
  BD: { dir: 'h', colors: ['#006a4e'], extra: <circle cx="9" cy="7" r="3.6" fill="#f42a41" /> },
  PK: { dir: 'v', colors: ['#fff', '#01411c', '#01411c', '#01411c'] },
  AE: { dir: 'h', colors: ['#00732f', '#fff', '#000'], extra: <rect width="5" height="14" fill="#ff0000" /> },
  CA: { dir: 'v', colors: ['#d52b1e', '#fff', '#fff', '#d52b1e'], extra: star(10, 7, 2.8, '#d52b1e') },
  AU: { dir: 'h', colors: ['#012169'], extra: star(14, 8, 2, '#fff') },
};

function drawStripes({ dir, colors }: Stripes): ReactNode {
  const count = colors.length;
  return colors.map((color, i) =>
    dir === 'h' ? (
      <rect key={i} x="0" y={(H / count) * i} width={W} height={H / count + 0.05} fill={color} />
    ) : (
      <rect key={i} x={(W / count) * i} y="0" width={W / count + 0.05} height={H} fill={color} />
    ),
  );
}

/** A small flag for an ISO 3166 alpha-2 country code (decorative: the name is next to it). */
export function CountryFlag({ countryCode }: { countryCode: string }) {
  const flag = FLAGS[countryCode.toUpperCase()];
  return (
    <svg className="form-flag" width={W} height={H} viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      {flag ? (
        <>
          {drawStripes(flag)}
          {flag.extra}
        </>
      ) : (
        <>
          <rect width={W} height={H} rx="2" fill="#8a93a6" />
          <text x="10" y="10" textAnchor="middle" fontSize="7" fontFamily="system-ui, sans-serif" fill="#fff">
            {countryCode.slice(0, 2).toUpperCase()}
          </text>
        </>
      )}
    </svg>
  );
}
