import { useId } from 'react';

/** The demo operator's mark, drawn here: a gold star on a violet tile. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-tile`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8f73ff" />
          <stop offset="1" stopColor="#4d2be8" />
        </linearGradient>
        <linearGradient id={`${id}-star`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe08a" />
          <stop offset="1" stopColor="#ffb300" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${id}-tile)`} />
      <path
        d="M32 11l6.2 13.2 14.4 1.8-10.6 9.9 2.7 14.3L32 43.1l-12.7 7.1 2.7-14.3-10.6-9.9 14.4-1.8z"
        fill={`url(#${id}-star)`}
      />
    </svg>
  );
}

/** Mark plus brand name; the name is the operator's, from the permission call. */
export function Logo({ brandName, compact = false }: { brandName: string; compact?: boolean }) {
  return (
    <span className={`logo${compact ? ' logo--compact' : ''}`}>
      <LogoMark />
      <span className="logo__name">{brandName}</span>
    </span>
  );
}
