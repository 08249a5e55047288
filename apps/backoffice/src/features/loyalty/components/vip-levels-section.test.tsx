import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsVipLevel, OpsVipSettings } from '@wps/shared/schemas/vip';
import {
  TYPED_AMOUNTS,
  fail,
  fill,
  ok,
  renderWithApp,
  setupUser,
  stubOps,
  type OpsAnswer,
} from '../../../lib/test-render';
import { VipLevelsSection } from './vip-levels-section';

const level = (rankLevel: number, change: Partial<OpsVipLevel> = {}): OpsVipLevel => ({
  rankLevel,
  labelName: `VIP${rankLevel}`,
  color: '#6b7280',
  color2: '#9ca3af',
  turnover: '0.00',
  deposit: '0.00',
  pointsMultiplierPct: 100,
  upgradeBonusKind: 'cash',
  upgradeBonus: '0.00',
  monthlyBonusKind: 'cash',
  monthlyBonus: '0.00',
  benefitsPt: '',
  benefitsEn: '',
  ...change,
});

const SETTINGS: OpsVipSettings = {
  windowDays: 30,
  reviewPeriod: 'monthly',
  levels: [level(0), level(1, { labelName: 'Prata', turnover: '1000.00', deposit: '100.00', upgradeBonus: '10.00' })],
};

async function saveWith(answer: OpsAnswer) {
  const api = stubOps({ 'GET /ops/vip': ok(SETTINGS), 'PUT /ops/vip': answer });
  renderWithApp(<VipLevelsSection />, { role: 'admin' });
  const user = setupUser();
  await user.click(await screen.findByRole('button', { name: 'Salvar' }));
  await waitFor(() => expect(api.callsTo('PUT /ops/vip')).toHaveLength(1));
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('VipLevelsSection', () => {
  // Without the refusal under the field, the level would show no message (only the form's line).
  it("shows the licence's refusal of a money bonus on a deposit threshold under that level's bonus", async () => {
    await saveWith(
      fail('LICENCE_REFUSED', 403, {
        rule: 'depositConditions',
        field: 'levels.1.upgradeBonus',
        profile: 'BR',
        source: 'Lei 14.790/2023 art. 29 I',
      }),
    );
    const silver = screen.getByRole('group', { name: 'Nível 1' });
    expect(
      await within(silver).findByText('A licença proíbe recompensas condicionadas a depósito.'),
    ).toBeInTheDocument();
    expect(within(silver).getByLabelText('Bônus de subida')).toHaveAttribute('aria-invalid', 'true');
    const base = screen.getByRole('group', { name: 'Nível 0' });
    expect(within(base).queryByText('A licença proíbe recompensas condicionadas a depósito.')).not.toBeInTheDocument();
  });

  it('shows nothing under the fields when the save goes through', async () => {
    await saveWith(ok(SETTINGS));
    expect(screen.getByRole('group', { name: 'Nível 1' })).not.toHaveTextContent('A licença proíbe');
  });

  // Failed before: the thresholds and bonuses took only a decimal point ("30,50" and "1.500,00" refused).
  it.each(TYPED_AMOUNTS)('sends $typed typed in each threshold and bonus as $major', async ({ typed, major }) => {
    const api = stubOps({ 'GET /ops/vip': ok(SETTINGS), 'PUT /ops/vip': ok(SETTINGS) });
    renderWithApp(<VipLevelsSection />, { role: 'admin' });
    const user = setupUser();
    const silver = await screen.findByRole('group', { name: 'Nível 1' });
    expect(within(silver).getByLabelText('Apostas na janela')).toHaveValue('1000,00');
    for (const label of ['Apostas na janela', 'Depósitos na janela', 'Bônus de subida', 'Bônus mensal']) {
      await fill(user, within(silver).getByLabelText(label), typed);
    }
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/vip')).toHaveLength(1));
    const sent = api.callsTo('PUT /ops/vip')[0]?.body as OpsVipSettings;
    expect(sent.levels[1]).toMatchObject({ turnover: major, deposit: major, upgradeBonus: major, monthlyBonus: major });
    expect(sent.levels[0]).toMatchObject({ turnover: '0.00', deposit: '0.00' });
  });
});
