import { createIcon } from './icons';

/*
 * One icon per lobby category, so the side menu's entries read apart at a glance. A module of
 * their own: the side menu draws them a moment after the first paint (in boxes of their size), so
 * they stay out of the first download.
 */

/** Lotteries: a numbered ball. */
export const LotteryIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="4" />
    <path d="M11 10.8l1.2-.8v4" />
  </>,
);
/** Live casino: a camera. */
export const LiveIcon = createIcon(
  <>
    <rect x="2.5" y="6" width="13" height="12" rx="2" />
    <path d="M15.5 10.5l6-3.5v10l-6-3.5" />
    <circle cx="7" cy="10" r="1" />
  </>,
);
/** Sports: a football. */
export const SportsIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5l4 3-1.5 4.5h-5L8 10.5z" />
    <path d="M12 3v4.5M20.5 9.5l-4.5 1M17.5 19.5l-3-4.5M6.5 19.5l3-4.5M3.5 9.5l4.5 1" />
  </>,
);
/** Fishing games: a fish. */
export const FishIcon = createIcon(
  <>
    <path d="M2.5 12c3-5 9.5-7 15-2.5L21.5 6v12l-4-3.5C12 19 5.5 17 2.5 12z" />
    <circle cx="8" cy="11" r="1" />
  </>,
);
/** Slots (RNG): three reels. */
export const SlotIcon = createIcon(
  <>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M8.8 5v14M15.2 5v14" />
    <path d="M4.5 10.5h2.5l-1.5 3.5M11 10.5h2.5l-1.5 3.5M17.5 10.5H20l-1.5 3.5" />
  </>,
);
/** Player versus player (card rooms): two cards. */
export const CardsIcon = createIcon(
  <>
    <rect x="3" y="6" width="11" height="15" rx="1.5" transform="rotate(-8 8.5 13.5)" />
    <path d="M12.5 3.5l7 1.2a1.5 1.5 0 0 1 1.2 1.7l-2 12" />
    <path d="M8.5 11.5l1.5 2-1.5 2-1.5-2z" />
  </>,
);
/** E-sports: a trophy. */
export const TrophyIcon = createIcon(
  <>
    <path d="M7 4h10v5a5 5 0 0 1-10 0z" />
    <path d="M7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3M12 14v3M8 21h8M9.5 17h5v4h-5z" />
  </>,
);
/** Cockfight: a rooster's head. */
export const RoosterIcon = createIcon(
  <>
    <path d="M8 20c-2-2-3-5-2-8l2-4 3-1 2 2-1 2 3 1 2-3 2 1-1 5c-1 3-3 5-6 6z" />
    <path d="M9 4.5l1.5-1.5L12 4.5l1.5-1.5L15 4.5M6.5 12L4 13l2.2 1" />
    <circle cx="10" cy="9.5" r=".6" />
  </>,
);
