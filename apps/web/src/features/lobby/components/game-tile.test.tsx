import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GameItem } from '@wps/shared/schemas/catalogue';
import { renderWithProviders } from '../../../lib/test-render';
import { GameTile } from './game-tile';

const game = (rtpBps: number | null): GameItem => ({
  nodeId: 'SBX-slot-05',
  vassalage: 'SBX',
  vendorName: 'Sandbox Seamless',
  gameType: 'RNG',
  gameClassify: 'slots',
  gameName: 'Pharaoh Sun',
  image: '/games/tiles/sbx-slot-05.svg',
  minBet: '1.00',
  minBetMinor: '100',
  minLineNum: 1,
  isHot: 0,
  rtpBps,
  status: 'active',
});

const renderTile = (rtpBps: number | null) =>
  renderWithProviders(
    <ul>
      <GameTile
        game={game(rtpBps)}
        isFavourite={false}
        isLaunching={false}
        onPlay={() => {}}
        onToggleFavourite={() => {}}
      />
    </ul>,
  );

// Fails without the change: the tile showed no RTP at all.
describe('GameTile: the stated RTP', () => {
  it('shows the RTP with the decimals it needs, in Portuguese', async () => {
    const { unmount } = await renderTile(9650);
    expect(screen.getByTestId('game-rtp')).toHaveTextContent(/^RTP 96,5\s?%$/);
    unmount();
    await renderTile(9600);
    expect(screen.getByTestId('game-rtp')).toHaveTextContent(/^RTP 96\s?%$/);
  });

  it('shows no RTP for a game that states none, rather than an invented one', async () => {
    await renderTile(null);
    expect(screen.getByText('Pharaoh Sun')).toBeInTheDocument();
    expect(screen.queryByTestId('game-rtp')).not.toBeInTheDocument();
    expect(screen.queryByText(/RTP/)).not.toBeInTheDocument();
  });
});
