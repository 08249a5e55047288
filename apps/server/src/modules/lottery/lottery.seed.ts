import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertMissingGames, type GameLimits, type GameWrite } from './lottery-games.repository';
import type { LotteryRules } from './lottery-rules';

/** The demo operator's limits (BRL cents): R$0.10 to R$1,000 a line; R$50,000 of liability per number; R$100,000 a ticket; R$1,000,000 a draw. */
export const DEMO_LOTTERY_LIMITS: GameLimits = {
  minStakeMinor: 10n,
  maxStakeMinor: 100_000n,
  perKeyMinor: 5_000_000n,
  perTicketMinor: 10_000_000n,
  perDrawMinor: 100_000_000n,
};

type DemoGame = Omit<
  GameWrite,
  'paytable' | 'limits' | 'drawZone' | 'region' | 'intervalSeconds' | 'drawTime' | 'resultCountry'
> &
  Partial<Pick<GameWrite, 'drawZone' | 'region' | 'intervalSeconds' | 'drawTime' | 'resultCountry'>>;

/**
 * The demo operator's lottery: six quick-draw families drawn from committed seeds every 1, 3 or
 * 5 minutes; the three Vietnamese regions' daily draws at their official times in Ho Chi Minh
 * City, whose results an operator types in and a second approves; and a fair 5-minute draw with
 * the northern prize structure (the regional SEA mode).
 */
const DEMO_GAMES: DemoGame[] = [
  {
    code: 'E5D-1',
    name: '5D Lotto',
    family: 'digits5',
    prizeMode: 'Elott',
    groupCode: 'digits',
    intervalSeconds: 60,
    closeBeforeSeconds: 10,
    resultSource: 'fair',
    sortOrder: 10,
  },
  {
    code: 'E3D-3',
    name: '3D Lotto',
    family: 'digits3',
    prizeMode: 'Elott',
    groupCode: 'digits',
    intervalSeconds: 180,
    closeBeforeSeconds: 15,
    resultSource: 'fair',
    sortOrder: 20,
  },
  {
    code: 'E11X5-3',
    name: '11 Choose 5',
    family: 'pick11x5',
    prizeMode: 'Elott',
    groupCode: 'pick',
    intervalSeconds: 180,
    closeBeforeSeconds: 15,
    resultSource: 'fair',
    sortOrder: 30,
  },
  {
    code: 'EK3-1',
    name: 'Quick 3 Dice',
    family: 'dice3',
    prizeMode: 'Elott',
    groupCode: 'dice',
    intervalSeconds: 60,
    closeBeforeSeconds: 10,
    resultSource: 'fair',
    sortOrder: 40,
  },
  {
    code: 'ERACE-5',
    name: '10-Car Race',
    family: 'race10',
    prizeMode: 'Elott',
    groupCode: 'race',
    intervalSeconds: 300,
    closeBeforeSeconds: 20,
    resultSource: 'fair',
    sortOrder: 50,
  },
  {
    code: 'EKENO-5',
    name: 'Keno 20/80',
    family: 'keno',
    prizeMode: 'Elott',
    groupCode: 'keno',
    intervalSeconds: 300,
    closeBeforeSeconds: 20,
    resultSource: 'fair',
    sortOrder: 60,
  },
  {
    code: 'VN-MB',
    name: 'Xổ số Miền Bắc',
    family: 'vn_north',
    prizeMode: 'Lott',
    groupCode: 'north',
    region: 'north',
    drawTime: '18:15',
    drawZone: 'Asia/Ho_Chi_Minh',
    closeBeforeSeconds: 900,
    resultSource: 'operator',
    // Results are Vietnam's official draw: a foreign lottery's draw (a BR licence hides it).
    resultCountry: 'VN',
    sortOrder: 100,
  },
  {
    code: 'VN-MT',
    name: 'Xổ số Miền Trung',
    family: 'vn_central',
    prizeMode: 'Lott',
    groupCode: 'central',
    region: 'central',
    drawTime: '17:15',
    drawZone: 'Asia/Ho_Chi_Minh',
    closeBeforeSeconds: 900,
    resultSource: 'operator',
    resultCountry: 'VN',
    sortOrder: 110,
  },
  {
    code: 'VN-MN',
    name: 'Xổ số Miền Nam',
    family: 'vn_south',
    prizeMode: 'Lott',
    groupCode: 'south',
    region: 'south',
    drawTime: '16:15',
    drawZone: 'Asia/Ho_Chi_Minh',
    closeBeforeSeconds: 900,
    resultSource: 'operator',
    resultCountry: 'VN',
    sortOrder: 120,
  },
  {
    code: 'SEA-N5',
    name: 'Express North',
    family: 'vn_north',
    prizeMode: 'SEA',
    groupCode: 'express',
    region: 'north',
    intervalSeconds: 300,
    closeBeforeSeconds: 20,
    resultSource: 'fair',
    sortOrder: 200,
  },
];

/** Write the demo games that do not exist yet; an operator's changes to existing ones stay. */
export async function seedDemoLottery(
  db: Kysely<Database>,
  rules: Pick<LotteryRules, 'defaultPaytable'>,
): Promise<number> {
  return insertMissingGames(
    db,
    DEMO_GAMES.map((g) => ({
      region: null,
      intervalSeconds: null,
      drawTime: null,
      drawZone: null,
      resultCountry: null,
      ...g,
      paytable: rules.defaultPaytable(g.family),
      limits: DEMO_LOTTERY_LIMITS,
    })),
  );
}
