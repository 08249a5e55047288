import { useId } from 'react';

/** The hero illustration, drawn in SVG: a glowing star over stacked chips and cards. */
export function HeroArt() {
  const id = useId();
  const g = (name: string) => `${id}-${name}`;
  return (
    <svg viewBox="0 0 360 280" width="360" height="280" className="hero-art" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={g('glow')} cx="50%" cy="45%" r="50%">
          <stop offset="0" stopColor="#ffd25c" stopOpacity="0.55" />
          <stop offset="1" stopColor="#ffd25c" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={g('star')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff1b8" />
          <stop offset="0.5" stopColor="#ffc83d" />
          <stop offset="1" stopColor="#f29d00" />
        </linearGradient>
        <linearGradient id={g('card1')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#9b82ff" />
          <stop offset="1" stopColor="#5a37f0" />
        </linearGradient>
        <linearGradient id={g('card2')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#38d0ff" />
          <stop offset="1" stopColor="#1b6fe0" />
        </linearGradient>
        <linearGradient id={g('chip')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff7a8e" />
          <stop offset="1" stopColor="#d92d4d" />
        </linearGradient>
        <linearGradient id={g('chip2')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3ff0b0" />
          <stop offset="1" stopColor="#12a873" />
        </linearGradient>
      </defs>
      <circle cx="180" cy="128" r="118" fill={`url(#${g('glow')})`} />
      <g transform="rotate(-14 120 150)">
        <rect x="70" y="80" width="110" height="150" rx="14" fill={`url(#${g('card2')})`} />
        <rect
          x="80"
          y="90"
          width="90"
          height="130"
          rx="9"
          fill="none"
          stroke="#ffffff"
          strokeOpacity="0.35"
          strokeWidth="2"
        />
        <path
          d="M125 130c10 14 24 20 24 32a12 12 0 0 1-20 9l4 16h-16l4-16a12 12 0 0 1-20-9c0-12 14-18 24-32z"
          fill="#ffffff"
          fillOpacity="0.9"
        />
      </g>
      <g transform="rotate(12 240 150)">
        <rect x="180" y="78" width="110" height="150" rx="14" fill={`url(#${g('card1')})`} />
        <rect
          x="190"
          y="88"
          width="90"
          height="130"
          rx="9"
          fill="none"
          stroke="#ffffff"
          strokeOpacity="0.35"
          strokeWidth="2"
        />
        <path
          d="M235 128c-8-14-30-8-26 8 3 12 26 26 26 26s23-14 26-26c4-16-18-22-26-8z"
          fill="#ffffff"
          fillOpacity="0.9"
        />
      </g>
      <g>
        <ellipse cx="86" cy="236" rx="38" ry="12" fill="#000000" fillOpacity="0.25" />
        <rect x="48" y="212" width="76" height="18" rx="9" fill={`url(#${g('chip')})`} />
        <rect x="48" y="198" width="76" height="18" rx="9" fill={`url(#${g('chip2')})`} />
        <rect x="48" y="184" width="76" height="18" rx="9" fill={`url(#${g('chip')})`} />
        <path d="M62 184v18M86 184v18M110 184v18" stroke="#ffffff" strokeOpacity="0.6" strokeWidth="4" />
      </g>
      <g>
        <ellipse cx="290" cy="246" rx="34" ry="10" fill="#000000" fillOpacity="0.25" />
        <rect x="256" y="222" width="68" height="16" rx="8" fill={`url(#${g('chip2')})`} />
        <rect x="256" y="209" width="68" height="16" rx="8" fill={`url(#${g('chip')})`} />
        <path d="M270 209v16M290 209v16M310 209v16" stroke="#ffffff" strokeOpacity="0.6" strokeWidth="4" />
      </g>
      <path
        d="M180 20l17 36 39 5-29 27 8 39-35-20-35 20 8-39-29-27 39-5z"
        fill={`url(#${g('star')})`}
        stroke="#fff1b8"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="84" cy="48" r="4" fill="#ffffff" fillOpacity="0.8" />
      <circle cx="300" cy="40" r="3" fill="#ffffff" fillOpacity="0.7" />
      <circle cx="320" cy="120" r="5" fill="#ffc83d" fillOpacity="0.8" />
      <circle cx="36" cy="130" r="3" fill="#38d0ff" fillOpacity="0.8" />
    </svg>
  );
}
