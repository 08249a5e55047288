import { describe, expect, it } from 'vitest';
import type { CatalogueStatus, GameCategory } from '@wps/shared/schemas/catalogue';
import type { GameRow, VendorRow } from './catalogue.repository';
import { buildSnapshot } from './catalogue-snapshot';

const vendor = (vassalage: string, category: GameCategory, status: CatalogueStatus = 'active'): VendorRow => ({
  vassalage,
  name: vassalage,
  category,
  walletModel: 'seamless',
  status,
  sortOrder: 0,
  isHot: false,
});

let sort = 0;
const game = (vassalage: string, gameType: GameCategory, status: CatalogueStatus = 'active'): GameRow => ({
  nodeId: `${vassalage}-${gameType}-${++sort}`,
  vassalage,
  gameType,
  gameClassify: 'x',
  name: `game ${sort}`,
  image: '',
  minBetMinor: 10n,
  minLineNum: 0,
  status,
  sort,
  isHot: false,
  rtpBps: null,
});

const times = (n: number, make: () => GameRow) => Array.from({ length: n }, make);

describe('vendor lanes: a card counts the games it opens', () => {
  it("counts the vendor's launchable games of the lane's category, not the category's nor the vendor's others", () => {
    const vendors = [vendor('SBX', 'RNG'), vendor('ALV', 'LIVE'), vendor('OFF', 'LIVE')];
    const games = [
      // A slots vendor with live tables too: seven slots, one live table, one live table under maintenance.
      ...times(7, () => game('SBX', 'RNG')),
      game('SBX', 'LIVE'),
      game('SBX', 'LIVE', 'maintenance'),
      game('SBX', 'LIVE', 'disabled'),
      // A live vendor with one game, and one the gateway cannot launch (not connected) with six.
      game('ALV', 'LIVE'),
      ...times(6, () => game('OFF', 'LIVE')),
    ];
    const { lanes } = buildSnapshot(vendors, games, 2, new Set(['SBX', 'ALV'])).lanes;
    const counts = Object.fromEntries(
      lanes.map((l) => [l.title, Object.fromEntries(l.cards.map((c) => [c.vassalage, c.gameCount]))]),
    );
    expect(counts).toEqual({ LIVE: { SBX: 1, ALV: 1 }, RNG: { SBX: 7 } });
  });

  it('keeps a vendor whose games are all under maintenance in its lanes, with nothing to open', () => {
    const { lanes } = buildSnapshot(
      [vendor('SBX', 'RNG'), vendor('ALV', 'LIVE')],
      [game('SBX', 'RNG'), game('SBX', 'LIVE', 'maintenance'), game('ALV', 'LIVE', 'maintenance')],
      2,
    ).lanes;
    const live = lanes.find((l) => l.title === 'LIVE')!;
    expect(live.cards.map((c) => [c.vassalage, c.gameCount])).toEqual([
      ['SBX', 0],
      ['ALV', 0],
    ]);
  });
});
