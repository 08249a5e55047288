import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsInhouseGame } from '@wps/shared/schemas/inhouse-settings';
import { TYPED_AMOUNTS, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { GameSettingsDialog } from './game-settings-dialog';
import { InhouseGameDialog } from './inhouse-game-dialog';

// A game's minimum bet and an in-house game's maximum stake are read by the shared money parser in
// the operator's language and sent in minor units (failed before: both were read without the
// language, so "1.500,00" was refused).

afterEach(() => vi.unstubAllGlobals());

const SLOT: OpsInhouseGame = {
  nodeId: 'WPS-slot',
  name: 'Slot da casa',
  game: 'slot',
  status: 'active',
  rtp: 0.96,
  minStakeMinor: '100',
  maxStakeMinor: '50000',
  stakeStepMinor: '10',
  maxStakeSetMinor: null,
  isOriginal: false,
  rtpBps: 9600,
  rtpBpsSet: null,
  maxPayoutMinor: null,
  maxPayoutSetMinor: null,
  wageringWeightPct: null,
  needsCertificate: false,
  certificate: null,
  hiddenByLicence: false,
};

const LIMBO: OpsInhouseGame = {
  ...SLOT,
  nodeId: 'inhouse-limbo',
  name: 'Limbo',
  game: 'limbo',
  rtp: 0.99,
  stakeStepMinor: '1',
  isOriginal: true,
  rtpBps: 9900,
  maxPayoutMinor: '100000000',
};

async function save(label: string, typed: string, route: string) {
  const user = setupUser();
  const api = stubOps({ [route]: ok({}) });
  await fill(user, await screen.findByLabelText(label), typed);
  await fill(user, screen.getByLabelText(/Motivo/), 'ajuste de aposta');
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
  await waitFor(() => expect(api.callsTo(route)).toHaveLength(1));
  return api.callsTo(route)[0]?.body;
}

describe('games money fields', () => {
  it.each(TYPED_AMOUNTS)('the minimum bet sends $typed as $minor minor units', async ({ typed, minor }) => {
    renderWithApp(
      <GameSettingsDialog
        game={{ nodeId: 'PG-1', name: 'Fortune', sort: 1, isHot: false, minBet: '1.00', rtp: '', isRtpFixed: false }}
        onClose={() => undefined}
      />,
      { role: 'admin' },
    );
    expect(await screen.findByLabelText('Aposta mínima')).toHaveValue('1,00');
    const body = await save('Aposta mínima', typed, 'PUT /ops/games/PG-1/settings');
    expect(body).toMatchObject({ minBetMinor: minor });
  });

  it.each(TYPED_AMOUNTS)('the in-house maximum stake sends $typed as $minor minor units', async ({ typed, minor }) => {
    renderWithApp(<InhouseGameDialog game={SLOT} onClose={() => undefined} />, { role: 'admin' });
    expect(await screen.findByLabelText('Aposta máxima')).toHaveValue('500,00');
    const body = await save('Aposta máxima', typed, 'PUT /ops/inhouse-games/WPS-slot/settings');
    expect(body).toEqual({ maxStakeMinor: minor, wageringWeightPct: null, reason: 'ajuste de aposta' });
  });

  // The RTP is read by the same parser in the operator's language, as a percentage with two decimals.
  it('the RTP sends 96,5 as 9650 basis points', async () => {
    renderWithApp(
      <GameSettingsDialog
        game={{ nodeId: 'PG-1', name: 'Fortune', sort: 1, isHot: false, minBet: '1.00', rtp: '', isRtpFixed: false }}
        onClose={() => undefined}
      />,
      { role: 'admin' },
    );
    const body = await save('RTP (%)', '96,5', 'PUT /ops/games/PG-1/settings');
    expect(body).toMatchObject({ rtpBps: 9650, minBetMinor: '100' });
  });

  // An original's RTP is a percentage with two decimals (basis points) inside the band, its maximum payout money.
  it('an original sends its RTP in basis points and its maximum payout in minor units, and refuses an RTP outside the band', async () => {
    renderWithApp(<InhouseGameDialog game={LIMBO} onClose={() => undefined} />, { role: 'admin' });
    const user = setupUser();
    const api = stubOps({ 'PUT /ops/inhouse-games/inhouse-limbo/settings': ok({}) });
    expect(await screen.findByLabelText('Retorno ao jogador (%)')).toHaveValue('99,00');
    await fill(user, screen.getByLabelText('Retorno ao jogador (%)'), '99,5');
    await fill(user, screen.getByLabelText('Prêmio máximo'), '1.000,00');
    await fill(user, screen.getByLabelText('Peso no rollover de bônus (%)'), '25');
    await fill(user, screen.getByLabelText(/Motivo/), 'lançamento');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/Digite uma porcentagem de 97,00\s*% a 99,00\s*%/)).toBeInTheDocument();
    expect(api.callsTo('PUT /ops/inhouse-games/inhouse-limbo/settings')).toHaveLength(0);
    await fill(user, screen.getByLabelText('Retorno ao jogador (%)'), '97,5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/inhouse-games/inhouse-limbo/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/inhouse-games/inhouse-limbo/settings')[0]?.body).toEqual({
      maxStakeMinor: '50000',
      rtpBps: 9750,
      maxPayoutMinor: '100000',
      wageringWeightPct: 25,
      reason: 'lançamento',
    });
  });
});
