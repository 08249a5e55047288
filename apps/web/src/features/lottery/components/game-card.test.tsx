import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LotteryDrawView, LotteryGameMenu, LotteryMenuGroup } from '@wps/shared/schemas/lottery';
import { ok, renderWithProviders, stubApi, type ApiCall } from '../../../lib/test-render';
import { useGameMenus } from '../api/get-game-menus';
import { GameCard } from './game-card';

const START = Date.parse('2026-11-27T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

function draw(numero: string, closesAt: number, result: unknown = null): LotteryDrawView {
  return {
    gameCode: 'E5D-1',
    numero,
    status: result ? 'settled' : 'open',
    opensAt: iso(closesAt - 50_000),
    closesAt: iso(closesAt),
    drawAt: iso(closesAt + 10_000),
    serverSeedHash: 'a'.repeat(64),
    serverSeed: null,
    result,
  };
}

function game(overrides: Partial<LotteryGameMenu> = {}): LotteryGameMenu {
  return {
    gameCode: 'E5D-1',
    gameName: '5D Lotto',
    family: 'digits5',
    prizeMode: 'Elott',
    region: null,
    intervalSeconds: 60,
    drawTime: null,
    current: draw('20261127-0721', START + 65_000),
    last: draw('20261127-0720', START - 5_000, { kind: 'numbers', numbers: [4, 9, 6, 4, 5] }),
    serverTime: iso(Date.now()),
    ...overrides,
  };
}

/** The lobby as the page reads it: one list of games from GET /lgw/games/game_menus, a card each. */
function Lobby() {
  const menus = useGameMenus('Elott');
  return (
    <ul>
      {(menus.data ?? [])
        .flatMap((g) => g.gameMenus)
        .map((g) => (
          <GameCard
            key={g.gameCode}
            game={g}
            path="/lottery"
            isFavourite={false}
            onToggleFavourite={() => {}}
            isSelected={false}
          />
        ))}
    </ul>
  );
}

const groups = (...games: LotteryGameMenu[]): LotteryMenuGroup[] => [
  { gameGroupCode: 'digits', labelName: 'digits', accountTypeName: 'ELOTT', gameMenus: games },
];

describe('GameCard', () => {
  // Only the second ticks and the clock are fake: the page's requests and Testing Library's waits run as usual.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the game's art, its last result and name, translated where the locale has the name", async () => {
    stubApi({});
    await renderWithProviders(
      <ul>
        <GameCard game={game()} path="/lottery" isFavourite={false} onToggleFavourite={() => {}} isSelected={false} />
        <GameCard
          game={game({
            gameCode: 'E11X5-3',
            gameName: '11 Choose 5',
            family: 'pick11x5',
            last: null,
            current: null,
          })}
          path="/lottery"
          isFavourite={false}
          onToggleFavourite={() => {}}
          isSelected={false}
        />
        <GameCard
          game={game({
            gameCode: 'VN-MB',
            gameName: 'Xổ số Miền Bắc',
            family: 'vn_north',
            last: draw('20261126', START - 3_600_000, {
              kind: 'prizes',
              prizes: [
                { tier: 'special', numbers: ['12327'] },
                { tier: 'first', numbers: ['55501'] },
              ],
            }),
          })}
          path="/vnlottery"
          isFavourite={false}
          onToggleFavourite={() => {}}
          isSelected={false}
        />
      </ul>,
    );
    const [quick, pick, vn] = screen.getAllByTestId('lottery-game-card');

    const art = within(quick!).getByTestId('lottery-card-art');
    expect(art).toHaveAttribute('data-kind', 'digits');
    expect(art).toHaveAttribute('aria-hidden', 'true');
    expect(art.querySelector('svg')).toHaveAttribute('width', '160');
    expect(within(quick!).getByRole('heading', { name: '5D Lotto' })).toBeInTheDocument();
    const last = within(quick!).getByRole('list', { name: 'Sorteio 20261127-0720' });
    expect(
      within(last)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['4', '9', '6', '4', '5']);
    expect(within(quick!).getByTestId('lottery-card-last')).toHaveTextContent('Último resultado');

    // The demo's English name comes from the locale; a game not drawn yet says so; no draw open, no countdown.
    expect(within(pick!).getByTestId('lottery-card-art')).toHaveAttribute('data-kind', 'pick');
    expect(within(pick!).getByRole('heading', { name: '11 escolhe 5' })).toBeInTheDocument();
    expect(within(pick!).getByRole('link', { name: 'Jogar 11 escolhe 5' })).toHaveAttribute(
      'href',
      '/lottery?gameCode=E11X5-3',
    );
    expect(within(pick!).getByTestId('lottery-card-last')).toHaveTextContent('Ainda sem resultado');
    expect(within(pick!).getByText('Sem sorteio aberto')).toBeInTheDocument();
    expect(within(pick!).queryByRole('timer')).not.toBeInTheDocument();

    // A Vietnamese draw shows its special prize.
    expect(within(vn!).getByTestId('lottery-card-art')).toHaveAttribute('data-kind', 'vn');
    expect(within(within(vn!).getByRole('list', { name: 'Sorteio 20261126' })).getByRole('listitem')).toHaveTextContent(
      '12327',
    );
  });

  it('counts down each second without asking the server, on the server clock, and reads the lobby again at the cut-off', async () => {
    // The server's clock is 30 s ahead of the browser's: its draw closes 65 s after its own now.
    const serverNow = START + 30_000;
    const first = game({ serverTime: iso(serverNow), current: draw('20261127-0721', serverNow + 65_000) });
    const next = game({
      serverTime: iso(serverNow + 66_000),
      current: draw('20261127-0722', serverNow + 125_000),
    });
    let answers = 0;
    const api = stubApi({
      'GET /lgw/games/game_menus': (_call: ApiCall) => ok(groups(answers++ === 0 ? first : next)),
    });
    await renderWithProviders(<Lobby />);
    const card = await screen.findByTestId('lottery-game-card');
    const timer = within(card).getByRole('timer', { name: 'Tempo até o fim das apostas de 5D Lotto' });
    expect(timer).toHaveTextContent('Apostas encerram em 01:05');

    await act(() => vi.advanceTimersByTime(1_000));
    expect(timer).toHaveTextContent('01:04');
    await act(() => vi.advanceTimersByTime(3_000));
    expect(timer).toHaveTextContent('01:01');
    // Ticking asks the server nothing.
    expect(api.callsTo('GET /lgw/games/game_menus')).toHaveLength(1);

    await act(() => vi.advanceTimersByTime(61_000));
    // The cut-off: the lobby is read again, and the card counts down to the next draw's.
    await waitFor(() => expect(api.callsTo('GET /lgw/games/game_menus')).toHaveLength(2));
    await waitFor(() => expect(within(card).getByTestId('lottery-card-countdown')).toHaveTextContent('00:59'));
    await act(() => vi.advanceTimersByTime(1_000));
    expect(within(card).getByTestId('lottery-card-countdown')).toHaveTextContent('00:58');
  });
});
