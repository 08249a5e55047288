import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerSearchItem } from '@wps/shared/schemas/players';
import { fail, fill, ok, pending, renderWithApp, setupUser, stubOps, type OpsCall } from '../../../lib/test-render';
import { PlayersSearchPage } from './players-search-page';

const maria: PlayerSearchItem = {
  memberId: '1001',
  account: 'maria.souza',
  nickname: null,
  type: 0,
  status: 'disabled',
  mobile: '+5511999990000',
  email: null,
  createdAt: '2026-02-01T12:00:00Z',
  lastLoginAt: null,
};

const searchAnswer = (call: OpsCall) =>
  ok({ list: [maria], page: Number(call.url.searchParams.get('page')), pageSize: 20, hasMore: true });

afterEach(() => vi.unstubAllGlobals());

describe('PlayersSearchPage', () => {
  it('asks nothing until a search is made', () => {
    const api = stubOps({});
    renderWithApp(<PlayersSearchPage />, { route: '/players' });
    expect(screen.getByRole('search', { name: 'Encontrar um jogador' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('searches by the chosen key with the trimmed term, keeps it in the address and links each player', async () => {
    const user = setupUser();
    const api = stubOps({ 'GET /ops/players': searchAnswer });
    const view = renderWithApp(<PlayersSearchPage />, { route: '/players' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Buscar por' }), 'mobile');
    expect(screen.getByRole('searchbox', { name: 'Termo de busca' })).toHaveAccessibleDescription(
      'Com + e o código do país, ou um número do país padrão do site.',
    );
    await fill(user, screen.getByRole('searchbox', { name: 'Termo de busca' }), '  +5511999990000 ');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));

    const table = await screen.findByRole('table', { name: 'Jogadores encontrados' });
    expect(within(table).getByRole('link', { name: 'maria.souza' })).toHaveAttribute('href', '/players/1001');
    expect(within(table).getByText('Desativada')).toBeInTheDocument();
    expect(api.callsTo('GET /ops/players')[0]?.url.searchParams.toString()).toBe(
      'q=%2B5511999990000&key=mobile&page=1&pageSize=20',
    );
    expect(new URLSearchParams(view.location().search).get('q')).toBe('+5511999990000');
  });

  it('runs the search in the address on load and pages on while the server has more', async () => {
    const user = setupUser();
    const api = stubOps({ 'GET /ops/players': searchAnswer });
    const view = renderWithApp(<PlayersSearchPage />, { route: '/players?q=mar&key=username&page=1' });
    const pages = await screen.findByRole('navigation', { name: 'Páginas de jogadores encontrados' });
    expect(within(pages).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Próxima' }));
    expect(new URLSearchParams(view.location().search).get('page')).toBe('2');
    await waitFor(() => expect(api.callsTo('GET /ops/players').at(-1)?.url.searchParams.get('page')).toBe('2'));
  });

  it('says when no player matches', async () => {
    stubOps({ 'GET /ops/players': ok({ list: [], page: 1, pageSize: 20, hasMore: false }) });
    renderWithApp(<PlayersSearchPage />, { route: '/players?q=zzz' });
    expect(await screen.findByText('Nenhum jogador corresponde a esta busca.')).toBeInTheDocument();
  });

  it('shows loading, then a refused search translated', async () => {
    stubOps({ 'GET /ops/players': pending });
    const first = renderWithApp(<PlayersSearchPage />, { route: '/players?q=abc&key=id' });
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');
    first.unmount();
    stubOps({ 'GET /ops/players': fail('VALIDATION_FAILED') });
    renderWithApp(<PlayersSearchPage />, { route: '/players?q=abc&key=id' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Alguns campos não são válidos.');
  });
});
