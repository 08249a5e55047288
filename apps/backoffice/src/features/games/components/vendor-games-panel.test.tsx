import { createRef } from 'react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsVendorGames } from '../api/vendor-games';
import { ok, renderWithApp, stubOps } from '../../../lib/test-render';
import { VendorGamesPanel } from './vendor-games-panel';

const table = (nodeId: string, name: string, hiddenByLicence: boolean): OpsVendorGames['games'][number] => ({
  nodeId,
  vassalage: 'SBP',
  gameType: 'PVP',
  gameClassify: 'poker',
  name,
  image: `/games/tiles/${nodeId.toLowerCase()}.svg`,
  minBet: '1.00',
  minBetMinor: '100',
  minLineNum: 0,
  status: 'active',
  sort: 10,
  isHot: false,
  rtpBps: hiddenByLicence ? 9650 : null,
  hiddenByLicence,
});

const answer: OpsVendorGames = {
  vendor: {
    vassalage: 'SBP',
    name: 'Sandbox Poker',
    category: 'PVP',
    walletModel: 'seamless',
    status: 'active',
    sortOrder: 190,
    isHot: true,
  },
  games: [table('SBP-holdem', "Texas Hold'em", true), table('SBP-lobby', 'Lobby', false)],
};

afterEach(() => vi.unstubAllGlobals());

function open(language: 'pt' | 'en' = 'pt') {
  stubOps({ 'GET /ops/games': ok(answer) });
  renderWithApp(
    <VendorGamesPanel
      vassalage="SBP"
      canWrite={false}
      onChange={() => undefined}
      onClose={() => undefined}
      headingRef={createRef<HTMLHeadingElement>()}
    />,
    { role: 'admin', language },
  );
}

// Fails without the change: the list showed an enabled P2P table like any other game, though under
// BR players never see it.
describe('VendorGamesPanel: the games the licence hides', () => {
  it('marks under its name a game the licence in force hides from players, and only that one', async () => {
    open();
    const note = await screen.findByText('Oculto aos jogadores: a licença em vigor não permite este produto');
    expect(note.closest('tr')?.getAttribute('data-node-id')).toBe('SBP-holdem');
    expect(screen.getAllByText(/Oculto aos jogadores/)).toHaveLength(1);
  });

  it('says so in English too', async () => {
    open('en');
    expect(
      await screen.findByText('Hidden from players: the licence in force does not allow this product'),
    ).toBeTruthy();
  });
});

// Fails without the change: the list had no RTP, so the operator could not see which games lack one.
describe('VendorGamesPanel: each game RTP', () => {
  it('shows a stated RTP in the interface language and says when none is stated', async () => {
    open();
    const cells = await screen.findAllByTestId('game-rtp');
    expect(cells.map((c) => [c.closest('tr')?.getAttribute('data-node-id'), c.textContent])).toEqual([
      ['SBP-holdem', '96,50 %'],
      ['SBP-lobby', 'Não informado'],
    ]);
  });

  it('writes it in English too', async () => {
    open('en');
    expect((await screen.findAllByTestId('game-rtp')).map((c) => c.textContent)).toEqual(['96.50%', 'Not stated']);
  });
});

// Fails without the change: the dialog offered an in-house game's RTP for editing, which the server refuses.
describe('VendorGamesPanel: an in-house game RTP', () => {
  it('shows the RTP of its maths in the settings dialog, with no field to change it', async () => {
    stubOps({
      'GET /ops/games': ok({
        vendor: { ...answer.vendor, vassalage: 'inhouse', name: 'In-house Games', category: 'RNG' },
        games: [{ ...table('inhouse-slot', 'Lucky Fives', false), vassalage: 'inhouse', rtpBps: 9600 }],
      }),
    });
    renderWithApp(
      <VendorGamesPanel
        vassalage="inhouse"
        canWrite
        onChange={() => undefined}
        onClose={() => undefined}
        headingRef={createRef<HTMLHeadingElement>()}
      />,
      { role: 'admin', language: 'pt' },
    );
    (await screen.findByRole('button', { name: 'Editar ordem, destaque, aposta mínima e RTP de Lucky Fives' })).click();
    expect(await screen.findByTestId('game-rtp-fixed')).toHaveTextContent(
      '96,00 %, o RTP da matemática do próprio jogo: não se altera aqui.',
    );
    expect(screen.queryByLabelText('RTP (%)')).not.toBeInTheDocument();
  });
});
