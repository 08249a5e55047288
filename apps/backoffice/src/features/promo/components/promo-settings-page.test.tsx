import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsContentItem } from '@wps/shared/schemas/content';
import { TYPED_AMOUNTS, fail, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { PromoSettingsPage } from './promo-settings-page';

const PROMOTION: OpsContentItem = {
  id: '12',
  kind: 'promotion',
  groupCode: 'others',
  status: 'published',
  sortOrder: 0,
  publishFrom: null,
  publishUntil: null,
  linkage: null,
  image: null,
  tags: [],
  bonusOffer: false,
  translations: { PT: { title: 'Conte a sua jogada', bodyHtml: '' }, EN: { title: 'Tell your play', bodyHtml: '' } },
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('PromoSettingsPage', () => {
  // Without the refusal under the field, the reward's kind would carry no message (only the form's line).
  it("shows the licence's refusal of a bonus-money reward under the reward's kind", async () => {
    const api = stubOps({
      'GET /ops/promo/settings': ok({ list: [] }),
      'GET /ops/content': ok({ list: [PROMOTION], total: 1, page: 1, pageSize: 100, totalPages: 1 }),
      'PUT /ops/promo/settings/12': fail('LICENCE_REFUSED', 403, {
        rule: 'forbiddenRewardKinds',
        field: 'rewardKind',
        profile: 'BR',
        source: 'Lei 14.790/2023 art. 29 I',
      }),
    });
    renderWithApp(<PromoSettingsPage />, { role: 'admin' });
    const user = setupUser();
    const form = screen.getByRole('form', { name: 'Configuração de uma promoção' });
    await within(form).findByRole('option', { name: 'Conte a sua jogada (#12)' });
    await user.selectOptions(within(form).getByLabelText('Promoção'), '12');
    await user.selectOptions(within(form).getByLabelText('Modo'), 'apply');
    await user.selectOptions(within(form).getByLabelText('Tipo de recompensa'), 'bonus');
    await fill(user, within(form).getByLabelText('Valor da recompensa'), '50');
    await fill(user, within(form).getByLabelText(/Motivo/), 'promoção de dezembro');
    await user.click(within(form).getByRole('button', { name: 'Salvar configuração' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/promo/settings/12')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/promo/settings/12')[0]?.body).toMatchObject({ mode: 'apply', rewardKind: 'bonus' });
    expect(await within(form).findByText('A licença proíbe este tipo de prêmio.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Tipo de recompensa')).toHaveAttribute('aria-invalid', 'true');
  });

  // Failed before: the amount was read without the operator's language, so "1.500,00" was refused.
  it.each(TYPED_AMOUNTS)('sends a cash reward typed $typed as $minor minor units', async ({ typed, minor }) => {
    const api = stubOps({
      'GET /ops/promo/settings': ok({ list: [] }),
      'GET /ops/content': ok({ list: [PROMOTION], total: 1, page: 1, pageSize: 100, totalPages: 1 }),
      'PUT /ops/promo/settings/12': ok({}),
    });
    renderWithApp(<PromoSettingsPage />, { role: 'admin' });
    const user = setupUser();
    const form = screen.getByRole('form', { name: 'Configuração de uma promoção' });
    await within(form).findByRole('option', { name: 'Conte a sua jogada (#12)' });
    await user.selectOptions(within(form).getByLabelText('Promoção'), '12');
    await user.selectOptions(within(form).getByLabelText('Modo'), 'apply');
    await user.selectOptions(within(form).getByLabelText('Tipo de recompensa'), 'cash');
    await fill(user, within(form).getByLabelText('Valor da recompensa'), typed);
    await fill(user, within(form).getByLabelText(/Motivo/), 'promoção de dezembro');
    await user.click(within(form).getByRole('button', { name: 'Salvar configuração' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/promo/settings/12')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/promo/settings/12')[0]?.body).toMatchObject({
      rewardKind: 'cash',
      rewardAmount: minor,
    });
  });
});
