import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsInhouseGame } from '@wps/shared/schemas/inhouse-settings';
import { fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { InhouseCertificateDialog } from './inhouse-certificate-dialog';
import { InhouseGamesPanel } from './inhouse-games-panel';

// A house original's lab certificate in the back office (docs/compliance.md, "House originals and
// their certificates"): the Games screen shows it (dd/mm/aaaa) or its absence, marks an original
// the licence hides for want of one, and the dialog sends the day typed as dd/mm/aaaa as the
// server's YYYY-MM-DD, refuses an impossible day, and withdraws a certificate with the reason.

afterEach(() => vi.unstubAllGlobals());

const LIMBO: OpsInhouseGame = {
  nodeId: 'inhouse-limbo',
  name: 'Limbo',
  game: 'limbo',
  status: 'active',
  rtp: 0.99,
  minStakeMinor: '10',
  maxStakeMinor: '1000000',
  stakeStepMinor: '1',
  maxStakeSetMinor: null,
  isOriginal: true,
  rtpBps: 9900,
  rtpBpsSet: null,
  maxPayoutMinor: '100000000',
  maxPayoutSetMinor: null,
  wageringWeightPct: null,
  needsCertificate: true,
  certificate: null,
  hiddenByLicence: true,
};
const CERTIFIED: OpsInhouseGame = {
  ...LIMBO,
  nodeId: 'inhouse-keno',
  name: 'House Keno',
  game: 'keno',
  certificate: { lab: 'GLI Brasil', number: 'GLI-77', issuedOn: '2025-03-14', recordedAt: '2025-03-20T12:00:00.000Z' },
  hiddenByLicence: false,
};
const ROUTE = 'PUT /ops/inhouse-games/inhouse-limbo/certificate';

describe('in-house games: lab certificates', () => {
  it('lists each original with its certificate or none, and marks one the licence hides', async () => {
    stubOps({ 'GET /ops/inhouse-games': ok([LIMBO, CERTIFIED]) });
    renderWithApp(<InhouseGamesPanel canWrite />, { role: 'admin' });
    const limbo = await screen.findByRole('row', { name: /Limbo/ });
    expect(within(limbo).getByText('Nenhum registrado')).toBeInTheDocument();
    expect(within(limbo).getByText('Oculto pela licença')).toBeInTheDocument();
    const keno = screen.getByRole('row', { name: /House Keno/ });
    expect(within(keno).getByText('GLI Brasil · GLI-77 · 14/03/2025')).toBeInTheDocument();
    expect(within(keno).queryByText('Oculto pela licença')).toBeNull();
    expect(screen.getByRole('button', { name: 'Certificado de laboratório de Limbo' })).toBeInTheDocument();
  });

  it('records a certificate: the day typed as dd/mm/aaaa is sent as YYYY-MM-DD; an impossible day is refused', async () => {
    renderWithApp(<InhouseCertificateDialog game={LIMBO} onClose={() => undefined} />, { role: 'admin' });
    const user = setupUser();
    const api = stubOps({ [ROUTE]: ok({ nodeId: 'inhouse-limbo', before: null, after: null }) });
    await fill(user, await screen.findByLabelText('Laboratório de testes'), 'GLI Brasil');
    await fill(user, screen.getByLabelText('Número do certificado'), 'GLI-BR-2025-0042');
    await fill(user, screen.getByLabelText('Emitido em (dd/mm/aaaa)'), '31/02/2025');
    await fill(user, screen.getByLabelText(/Motivo/), 'certificado recebido do laboratório');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/Digite um dia válido/)).toBeInTheDocument();
    expect(api.callsTo(ROUTE)).toHaveLength(0);
    await fill(user, screen.getByLabelText('Emitido em (dd/mm/aaaa)'), '14/03/2025');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(ROUTE)).toHaveLength(1));
    expect(api.callsTo(ROUTE)[0]?.body).toEqual({
      certificate: { lab: 'GLI Brasil', number: 'GLI-BR-2025-0042', issuedOn: '2025-03-14' },
      reason: 'certificado recebido do laboratório',
    });
  });

  it('withdraws a certificate with the reason alone', async () => {
    const game = { ...CERTIFIED, nodeId: 'inhouse-limbo' };
    renderWithApp(<InhouseCertificateDialog game={game} onClose={() => undefined} />, { role: 'admin' });
    const user = setupUser();
    const api = stubOps({ [ROUTE]: ok({ nodeId: 'inhouse-limbo', before: null, after: null }) });
    expect(await screen.findByLabelText('Emitido em (dd/mm/aaaa)')).toHaveValue('14/03/2025');
    await fill(user, screen.getByLabelText(/Motivo/), 'certificado vencido');
    await user.click(screen.getByRole('button', { name: 'Retirar o certificado' }));
    await waitFor(() => expect(api.callsTo(ROUTE)).toHaveLength(1));
    expect(api.callsTo(ROUTE)[0]?.body).toEqual({ certificate: null, reason: 'certificado vencido' });
  });
});
