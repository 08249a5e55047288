import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsLotteryGame } from '@wps/shared/schemas/lottery-ops';
import { ok, renderWithApp, stubOps } from '../../../lib/test-render';
import { LotteryGamesPage } from './lottery-games-page';

const game: OpsLotteryGame = {
  code: 'E5D-1',
  name: '5D Lotto',
  family: 'digits5',
  prizeMode: 'Elott',
  groupCode: 'digits',
  region: null,
  intervalSeconds: 60,
  drawTime: null,
  drawZone: null,
  nextSchedule: null,
  closeBeforeSeconds: 10,
  resultSource: 'fair',
  resultCountry: null,
  hiddenByLicence: false,
  paytable: {},
  limits: {
    minStakeMinor: '10',
    maxStakeMinor: '100000',
    perKeyMinor: '5000000',
    perTicketMinor: '10000000',
    perDrawMinor: '100000000',
  },
  status: 'active',
  sortOrder: 10,
  edges: [],
};

const foreign: OpsLotteryGame = {
  ...game,
  code: 'VN-MB',
  name: 'Xổ số Miền Bắc',
  family: 'vn_north',
  prizeMode: 'Lott',
  groupCode: 'north',
  region: 'north',
  intervalSeconds: null,
  drawTime: '18:15',
  drawZone: 'Asia/Ho_Chi_Minh',
  closeBeforeSeconds: 900,
  resultSource: 'operator',
  resultCountry: 'VN',
  hiddenByLicence: true,
  sortOrder: 100,
};

afterEach(() => vi.unstubAllGlobals());

// Fails without the change: the page showed nothing of the licence, so an operator who switched a
// foreign draw on under BR could not tell that players never see it.
describe('LotteryGamesPage: the games the licence hides', () => {
  it('marks a foreign draw the licence in force hides from players, and only that game', async () => {
    stubOps({ 'GET /ops/lottery/games': ok([game, foreign]) });
    renderWithApp(<LotteryGamesPage />, { role: 'admin' });
    const note = await screen.findByText(
      'Oculto aos jogadores: a licença em vigor não permite sorteios de loteria estrangeira',
    );
    expect(note.closest('tr')?.getAttribute('data-game-code')).toBe('VN-MB');
    expect(screen.getAllByText(/Oculto aos jogadores/)).toHaveLength(1);
  });

  it('says so in English too', async () => {
    stubOps({ 'GET /ops/lottery/games': ok([foreign]) });
    renderWithApp(<LotteryGamesPage />, { role: 'admin', language: 'en' });
    expect(
      await screen.findByText("Hidden from players: the licence in force does not allow a foreign lottery's draws"),
    ).toBeTruthy();
  });
});
