import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { InhouseGamePage } from './inhouse-game-page';
import { InhouseLobbyPage } from './inhouse-lobby-page';

// The studio's pages under a licence that hides an original (no lab certificate on record under
// BR): the lobby leaves it out, and its game page says it is not available here instead of
// offering a play button whose launch the server refuses.

afterEach(() => vi.unstubAllGlobals());

describe('in-house games the licence hides', () => {
  it('the lobby leaves them out and keeps the others', async () => {
    stubApi({ 'GET /wps/inhouse/offer': ok({ hiddenByLicence: ['inhouse-crash', 'inhouse-limbo'] }) });
    await renderWithProviders(<InhouseLobbyPage />);
    expect(await screen.findByTestId('inhouse-play-dice')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('inhouse-play-limbo')).toBeNull());
    expect(screen.queryByTestId('inhouse-play-crash')).toBeNull();
    expect(screen.getByTestId('inhouse-play-mines')).toBeInTheDocument();
  });

  it("a hidden game's page says it is not available under this licence, with no play button", async () => {
    stubApi({ 'GET /wps/inhouse/offer': ok({ hiddenByLicence: ['inhouse-limbo'] }) });
    await renderWithProviders(<InhouseGamePage />, { route: '/inhouse/limbo', path: '/inhouse/:game' });
    expect(await screen.findByText('Este jogo não está disponível sob a licença deste site.')).toBeInTheDocument();
    expect(screen.queryByTestId('inhouse-detail-play-limbo')).toBeNull();
  });

  it('an offered game shows its play button', async () => {
    stubApi({ 'GET /wps/inhouse/offer': ok({ hiddenByLicence: ['inhouse-limbo'] }) });
    await renderWithProviders(<InhouseGamePage />, { route: '/inhouse/plinko', path: '/inhouse/:game' });
    expect(await screen.findByTestId('inhouse-detail-play-plinko')).toBeInTheDocument();
  });
});
