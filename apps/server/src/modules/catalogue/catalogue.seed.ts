import type { Kysely } from 'kysely';
import type { GameCategory, WalletModel } from '@wps/shared/schemas/catalogue';
import { INHOUSE_GAMES, type InhouseNodeId } from '@wps/shared/schemas/inhouse';
import { inhouseRtp } from '@wps/shared/schemas/inhouse-settings';
import type { Database } from '../../db/schema';
import {
  fillMissingRtp,
  insertMissingGames,
  insertMissingVendors,
  type GameInsert,
  type VendorInsert,
} from './catalogue.repository';

type SeedVendor = {
  vassalage: string;
  name: string;
  category: GameCategory;
  walletModel: WalletModel;
  isHot?: boolean;
};
/** [nodeId suffix, name, gameType, classify, min bet in minor units, min lines, hot]. */
type SeedGame = [string, string, GameCategory, string, number, number, boolean?];

/**
 * The demo operator's vendors. Only 'inhouse', the lottery's 'ILE' and 'ILT', and the reference
 * vendor's 'SBX', 'SBT', 'SBP', 'SBS', 'SBE' and 'SBC' can be launched (in-house engines and the
 * gateway's adapters); the others are catalogue entries whose launch is refused with VENDOR_NOT_CONNECTED.
 * DS88 and DIG (COCKFIGHT) and AV, IMES, IA, AI, TF (ESPORTS) are the vendor groups.
 */
export const DEMO_VENDORS: SeedVendor[] = [
  { vassalage: 'inhouse', name: 'In-house Games', category: 'RNG', walletModel: 'seamless', isHot: true },
  { vassalage: 'SBX', name: 'Sandbox Seamless', category: 'RNG', walletModel: 'seamless', isHot: true },
  { vassalage: 'SBT', name: 'Sandbox Transfer', category: 'FISH', walletModel: 'transfer', isHot: true },
  { vassalage: 'ILE', name: 'Quick Lottery', category: 'ELOTT', walletModel: 'seamless', isHot: true },
  { vassalage: 'ILT', name: 'Daily Lottery', category: 'LOTT', walletModel: 'seamless' },
  { vassalage: 'NLT', name: 'Nova Lotto', category: 'ELOTT', walletModel: 'seamless' },
  { vassalage: 'RLT', name: 'Regional Lottery', category: 'LOTT', walletModel: 'seamless' },
  { vassalage: 'ALV', name: 'Aurora Live', category: 'LIVE', walletModel: 'seamless' },
  { vassalage: 'KSB', name: 'Kickoff Sportsbook', category: 'SPORTS', walletModel: 'transfer' },
  { vassalage: 'DS88', name: 'DS88 Cockfight', category: 'COCKFIGHT', walletModel: 'transfer' },
  { vassalage: 'DIG', name: 'DIG Cockfight', category: 'COCKFIGHT', walletModel: 'transfer' },
  { vassalage: 'AV', name: 'AV Esports', category: 'ESPORTS', walletModel: 'transfer' },
  { vassalage: 'IMES', name: 'IM Esports', category: 'ESPORTS', walletModel: 'transfer' },
  { vassalage: 'IA', name: 'IA Esports', category: 'ESPORTS', walletModel: 'transfer' },
  { vassalage: 'AI', name: 'AI Esports', category: 'ESPORTS', walletModel: 'transfer' },
  { vassalage: 'TF', name: 'TF Esports', category: 'ESPORTS', walletModel: 'transfer' },
  { vassalage: 'DRF', name: 'Deep Reef Fishing', category: 'FISH', walletModel: 'seamless' },
  { vassalage: 'CRD', name: 'Card Room', category: 'PVP', walletModel: 'seamless' },
  // The reference vendor's card tables: rooms listed by the vendor (GLS2_roomList).
  { vassalage: 'SBP', name: 'Sandbox Poker', category: 'PVP', walletModel: 'seamless', isHot: true },
  // The reference vendor's fixed-odds events, one game each, staked through the seamless wallet.
  { vassalage: 'SBS', name: 'Sandbox Sports', category: 'SPORTS', walletModel: 'seamless', isHot: true },
  { vassalage: 'SBE', name: 'Sandbox Esports', category: 'ESPORTS', walletModel: 'seamless', isHot: true },
  { vassalage: 'SBC', name: 'Sandbox Cockfight', category: 'COCKFIGHT', walletModel: 'seamless', isHot: true },
];

const SBX_SLOTS = [
  'Golden Lantern',
  'Ruby Rush',
  'Jungle Drums',
  'Star Harbor',
  'Pharaoh Sun',
  'Lucky Koi',
  'Neon Nights',
  'Frost Giant',
  'Dragon Pearl',
  'Candy Cascade',
  'Wild Bison',
  'Samba Reels',
  'Treasure Tide',
  'Thunder Peak',
  'Mystic Orchard',
  'Cosmic Cash',
  'Amazon Gold',
  'Carnival Spin',
  'Desert Mirage',
  'Electric Fruits',
  'Fortune Fox',
  'Glacier Gems',
  'Harvest Moon',
  'Ivory Tower',
  'Jade Temple',
  'Kraken Bay',
  'Lava Lords',
  'Midnight Wolf',
  'Nebula Nine',
  'Olympus Bolt',
  'Pirate Plunder',
  'Quartz Quest',
  'Rio Rhythm',
  'Safari Sunset',
  'Tiki Treasure',
  'Urban Heist',
  'Viking Voyage',
  'Winter Wonder',
  'Xmas Bells',
  'Zen Garden',
];

export const DEMO_GAMES: Record<string, SeedGame[]> = {
  inhouse: [
    ['inhouse-slot', 'Lucky Fives', 'RNG', 'slots', 10, 1, true],
    ['inhouse-dice', 'Provable Dice', 'RNG', 'dice', 10, 0, true],
    ['inhouse-limbo', 'Limbo', 'RNG', 'limbo', 10, 0, true],
    ['inhouse-plinko', 'Plinko', 'RNG', 'plinko', 10, 0, true],
    ['inhouse-keno', 'House Keno', 'RNG', 'keno', 10, 0, true],
    ['inhouse-mines', 'Mines', 'RNG', 'mines', 10, 0, true],
    ['inhouse-hilo', 'Hi-Lo', 'RNG', 'hilo', 10, 0, true],
    ['inhouse-crash', 'Crash', 'RNG', 'crash', 10, 0, true],
  ],
  SBX: [
    ...SBX_SLOTS.map(
      (name, i): SeedGame => [
        `SBX-slot-${String(i + 1).padStart(2, '0')}`,
        name,
        'RNG',
        'slots',
        [10, 20, 50, 100][i % 4]!,
        [1, 9, 20, 25][i % 4]!,
        i < 3,
      ],
    ),
    ['SBX-table-01', 'Blackjack Classic', 'RNG', 'table', 100, 0],
    ['SBX-table-02', 'European Roulette', 'RNG', 'table', 50, 0],
    ['SBX-table-03', 'Video Poker', 'RNG', 'table', 20, 0],
    ['SBX-crash-01', 'Rocket Climb', 'RNG', 'crash', 10, 0, true],
    ['SBX-crash-02', 'Balloon Pop', 'RNG', 'crash', 10, 0],
    ['SBX-live-01', 'Live Baccarat A', 'LIVE', 'baccarat', 500, 0, true],
    ['SBX-live-02', 'Live Baccarat B', 'LIVE', 'baccarat', 500, 0],
    ['SBX-live-03', 'Speed Baccarat', 'LIVE', 'baccarat', 1000, 0],
    ['SBX-live-04', 'Live Roulette', 'LIVE', 'roulette', 200, 0],
    ['SBX-live-05', 'Lightning Wheel', 'LIVE', 'roulette', 200, 0],
    ['SBX-live-06', 'Dragon Tiger', 'LIVE', 'dragon-tiger', 100, 0],
    ['SBX-live-07', 'Sic Bo', 'LIVE', 'dice', 100, 0],
  ],
  SBT: [
    ['SBT-fish-01', 'Ocean Hunter', 'FISH', 'fish', 10, 0, true],
    ['SBT-fish-02', 'Golden Shark', 'FISH', 'fish', 20, 0],
    ['SBT-fish-03', 'Coral King', 'FISH', 'fish', 50, 0],
    ['SBT-pvp-01', 'Fan Tan Duel', 'PVP', 'cards', 100, 0],
  ],
  // The in-house lottery (modules/lottery): a game's node id is its lottery code, and its
  // classify says which lottery page opens it (quick draws, the Vietnamese lottery, regional draws).
  ILE: [
    ['E5D-1', '5D Lotto', 'ELOTT', 'quick', 10, 0, true],
    ['E3D-3', '3D Lotto', 'ELOTT', 'quick', 10, 0],
    ['E11X5-3', '11 Choose 5', 'ELOTT', 'quick', 10, 0],
    ['EK3-1', 'Quick 3 Dice', 'ELOTT', 'quick', 10, 0, true],
    ['ERACE-5', '10-Car Race', 'ELOTT', 'quick', 10, 0],
    ['EKENO-5', 'Keno 20/80', 'ELOTT', 'quick', 10, 0],
  ],
  ILT: [
    ['VN-MB', 'Xổ số Miền Bắc', 'LOTT', 'vn', 10, 0],
    ['VN-MT', 'Xổ số Miền Trung', 'LOTT', 'vn', 10, 0],
    ['VN-MN', 'Xổ số Miền Nam', 'LOTT', 'vn', 10, 0],
    ['SEA-N5', 'Express North', 'LOTT', 'sea', 10, 0],
  ],
  NLT: [
    ['NLT-5d', '5D Lotto', 'ELOTT', 'lotto', 100, 0],
    ['NLT-k3', 'Quick 3', 'ELOTT', 'lotto', 100, 0],
  ],
  RLT: [['RLT-north', 'Northern Draw', 'LOTT', 'lotto', 100, 0]],
  ALV: [['ALV-lobby', 'Aurora Live Lobby', 'LIVE', 'lobby', 100, 0]],
  KSB: [['KSB-lobby', 'Sportsbook', 'SPORTS', 'lobby', 100, 0]],
  DS88: [['DS88-lobby', 'DS88 Arena', 'COCKFIGHT', 'lobby', 100, 0]],
  DIG: [['DIG-lobby', 'DIG Arena', 'COCKFIGHT', 'lobby', 100, 0]],
  AV: [['AV-lobby', 'AV Esports', 'ESPORTS', 'lobby', 100, 0]],
  IMES: [['IMES-lobby', 'IM Esports', 'ESPORTS', 'lobby', 100, 0]],
  IA: [['IA-lobby', 'IA Esports', 'ESPORTS', 'lobby', 100, 0]],
  AI: [['AI-lobby', 'AI Esports', 'ESPORTS', 'lobby', 100, 0]],
  TF: [['TF-lobby', 'TF Esports', 'ESPORTS', 'lobby', 100, 0]],
  DRF: [
    ['DRF-fish-01', 'Reef Blaster', 'FISH', 'fish', 10, 0],
    ['DRF-fish-02', 'Kraken Hunt', 'FISH', 'fish', 20, 0],
  ],
  SBP: [
    ['SBP-holdem', "Texas Hold'em", 'PVP', 'poker', 100, 0, true],
    ['SBP-truco-br', 'Truco', 'PVP', 'cards', 200, 0],
  ],
  SBS: [['SBS-football-1x2', 'Football Match 1X2', 'SPORTS', 'match', 100, 0, true]],
  SBE: [['SBE-moba-winner', 'Esports Match Winner', 'ESPORTS', 'match', 100, 0, true]],
  SBC: [['SBC-meron-wala', 'Cockpit Meron Wala', 'COCKFIGHT', 'cockfight', 100, 0, true]],
  CRD: [
    ['CRD-teen', 'Teen Patti', 'PVP', 'cards', 100, 0],
    ['CRD-rummy', 'Rummy', 'PVP', 'cards', 100, 0],
    ['CRD-niu', 'Bull Bull', 'PVP', 'cards', 100, 0],
  ],
};

/** The drawn tile of a game (scripts/draw-game-art.ts). */
export function gameImagePath(nodeId: string): string {
  return `/games/tiles/${nodeId.toLowerCase()}.svg`;
}

/**
 * The reference vendor's RTP in basis points: apps/vendor-sandbox plays every SBX and SBT game on one
 * outcome table (apps/vendor-sandbox paytable.ts, PAYTABLE), whose expected multiplier is 95.5 % of the stake.
 */
const SANDBOX_RTP_BPS = 9550;

/**
 * A demo game's stated RTP in basis points, only where a figure exists: the in-house games' comes from
 * their maths, the reference vendor's slot-table games' from its outcome table. Its fixed-odds events
 * (SBS, SBE, SBC) return a different share per pick (apps/vendor-sandbox events.ts), so, like the
 * lotteries, they state none. The other demo entries are
 * catalogue entries with no game behind them (and lotteries whose return differs per bet type), so
 * they state none and players see no RTP rather than an invented one; an operator states the real
 * one, the vendor's certified figure, per game.
 */
export function demoRtpBps(vassalage: string, nodeId: string): number | null {
  if (nodeId in INHOUSE_GAMES) return Math.round(inhouseRtp(INHOUSE_GAMES[nodeId as InhouseNodeId]) * 10_000);
  return vassalage === 'SBX' || vassalage === 'SBT' ? SANDBOX_RTP_BPS : null;
}

/** Every demo vendor and game as rows to insert. */
export function buildDemoCatalogue(): { vendors: VendorInsert[]; games: GameInsert[] } {
  const vendors = DEMO_VENDORS.map((v, i) => ({ ...v, sortOrder: (i + 1) * 10, isHot: v.isHot ?? false }));
  const games = DEMO_VENDORS.flatMap((v) =>
    (DEMO_GAMES[v.vassalage] ?? []).map(([nodeId, name, gameType, gameClassify, minBet, minLineNum, isHot], i) => ({
      nodeId,
      vassalage: v.vassalage,
      gameType,
      gameClassify,
      name,
      image: gameImagePath(nodeId),
      minBetMinor: BigInt(minBet),
      minLineNum,
      sort: (i + 1) * 10,
      isHot: isHot ?? false,
      rtpBps: demoRtpBps(v.vassalage, nodeId),
    })),
  );
  return { vendors, games };
}

/**
 * Insert the demo vendors and games that are missing. Run at every start: rows the operator
 * changed (status, sort) are never overwritten, and new demo games appear on upgrade.
 */
export async function seedDemoCatalogue(db: Kysely<Database>): Promise<{ vendors: number; games: number }> {
  const { vendors, games } = buildDemoCatalogue();
  const inserted = { vendors: await insertMissingVendors(db, vendors), games: await insertMissingGames(db, games) };
  // Games seeded before migration 0681 get their RTP once; an operator's value stays.
  await fillMissingRtp(
    db,
    games.flatMap((g) => (g.rtpBps === null ? [] : [{ nodeId: g.nodeId, rtpBps: g.rtpBps }])),
  );
  return inserted;
}
