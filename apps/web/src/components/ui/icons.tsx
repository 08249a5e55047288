import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * Icons are drawn here (nothing fetched); they are decorative unless the caller labels them.
 * Marked free of side effects so the bundler drops every icon a chunk does not use: without it
 * each `createIcon(…)` call counts as work and all icons land in the first download.
 */
/* @__NO_SIDE_EFFECTS__ */
export function createIcon(paths: ReactNode, filled = false) {
  return function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths}
      </svg>
    );
  };
}

export const GaugeIcon = createIcon(
  <>
    <path d="M4.5 17a8.5 8.5 0 1 1 15 0" />
    <path d="M12 13l4-4" />
    <circle cx="12" cy="13" r="1.5" />
  </>,
);
export const MegaphoneIcon = createIcon(
  <>
    <path d="M3 10v4a1 1 0 0 0 1 1h3l8 4V5L7 9H4a1 1 0 0 0-1 1z" />
    <path d="M19 9a4 4 0 0 1 0 6" />
  </>,
);
export const CloseIcon = createIcon(<path d="M6 6l12 12M18 6L6 18" />);
export const CheckIcon = createIcon(<path d="M5 12.5l4.5 4.5L19 7.5" />);
export const WarningIcon = createIcon(
  <>
    <path d="M12 3.5L2.5 20h19L12 3.5z" />
    <path d="M12 10v4.5M12 17.5v.01" />
  </>,
);
export const MenuIcon = createIcon(<path d="M4 7h16M4 12h16M4 17h16" />);
export const EyeIcon = createIcon(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = createIcon(
  <>
    <path d="M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.6 3.5M6.6 6.6C3.8 8.3 2 12 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </>,
);
export const RefreshIcon = createIcon(
  <>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8" />
    <path d="M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16" />
    <path d="M20 20v-4h-4" />
  </>,
);
export const UserIcon = createIcon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const LogoutIcon = createIcon(
  <>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 17l-5-5 5-5M5 12h11" />
  </>,
);
export const HomeIcon = createIcon(
  <>
    <path d="M3 10.5L12 3l9 7.5" />
    <path d="M5 9v11h5v-6h4v6h5V9" />
  </>,
);
export const HeadsetIcon = createIcon(
  <>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <path d="M4 14h3v6H5a1 1 0 0 1-1-1v-5zM20 14h-3v6h2a1 1 0 0 0 1-1v-5z" />
  </>,
);
export const GlobeIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
  </>,
);
export const SunIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>,
);
export const MoonIcon = createIcon(<path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" />);
export const PlusCircleIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </>,
);
export const ArrowUpCircleIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 16V8M8.5 11.5L12 8l3.5 3.5" />
  </>,
);
export const ChevronDownIcon = createIcon(<path d="M6 9l6 6 6-6" />);
export const ChevronLeftIcon = createIcon(<path d="M15 6l-6 6 6 6" />);
export const GamepadIcon = createIcon(
  <>
    <path d="M6.5 7h11a4.5 4.5 0 0 1 4.4 5.4l-1 5A2.5 2.5 0 0 1 16.8 18l-2.3-2.5h-5L7.2 18a2.5 2.5 0 0 1-4.1-.6l-1-5A4.5 4.5 0 0 1 6.5 7z" />
    <path d="M7.5 10v3M6 11.5h3M15.5 11h.01M17.5 13h.01" />
  </>,
);
export const ShieldIcon = createIcon(
  <>
    <path d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6l8-3z" />
    <path d="M8.5 12l2.5 2.5 4.5-4.5" />
  </>,
);
export const BoltIcon = createIcon(<path d="M13 2L4 14h7l-1 8 9-12h-7l1-8z" />);
export const GiftIcon = createIcon(
  <>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12M12 8S10.5 4 8 4a2 2 0 0 0 0 4h4zM12 8s1.5-4 4-4a2 2 0 0 1 0 4h-4z" />
  </>,
);
export const FacebookIcon = createIcon(
  <path d="M14 8.5V6.8c0-.8.5-1.3 1.3-1.3H17V2.2h-2.4C11.9 2.2 10.6 3.9 10.6 6.4v2.1H8V12h2.6v9.8H14V12h2.7l.4-3.5H14z" />,
  true,
);
export const InstagramIcon = createIcon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5v.01" />
  </>,
);
export const TelegramIcon = createIcon(
  <path d="M21.5 3.5L2.8 10.8c-.9.4-.9 1.6.1 1.9l4.6 1.5 1.8 5.6c.2.7 1.1.9 1.6.3l2.6-2.6 4.9 3.6c.6.4 1.4.1 1.5-.6L22.9 4.7c.2-.9-.6-1.5-1.4-1.2zM9.3 14l8.3-6.5-6.6 7.6-.3 2.9L9.3 14z" />,
  true,
);
export const MailIcon = createIcon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5L12 13l8.5-6.5" />
  </>,
);
export const PhoneIcon = createIcon(
  <path d="M5 3.5h3.2l1.6 4.2-2.1 1.3a11 11 0 0 0 5.3 5.3l1.3-2.1 4.2 1.6V17a2.5 2.5 0 0 1-2.7 2.5A15.5 15.5 0 0 1 2.5 6.2 2.5 2.5 0 0 1 5 3.5z" />,
);
export const CrownIcon = createIcon(
  <>
    <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5L3 8z" />
    <path d="M5 21h14" />
  </>,
);
export const StarIcon = createIcon(
  <path d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8L12 3z" />,
);
export const DownloadIcon = createIcon(
  <>
    <path d="M12 3v12M7 10l5 5 5-5" />
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </>,
);
export const SmartphoneIcon = createIcon(
  <>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M11 18.5h2" />
  </>,
);
export const SearchIcon = createIcon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </>,
);
