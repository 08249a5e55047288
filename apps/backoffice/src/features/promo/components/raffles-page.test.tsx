import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsContentItem } from '@wps/shared/schemas/content';
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
import { RafflesPage } from './raffles-page';

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
  translations: { PT: { title: 'Sorteio do mês', bodyHtml: '' }, EN: { title: 'Monthly draw', bodyHtml: '' } },
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** The raffles page with a raffle typed in: the promotion, a title, the draw time and a prize (bonus of 500,00 unless said). */
async function typeBonusRaffle(
  create: OpsAnswer,
  prize: { kind: string; amount: string } = { kind: 'bonus', amount: '500,00' },
) {
  const api = stubOps({
    'GET /ops/raffles': ok({ list: [] }),
    'GET /ops/content': ok({ list: [PROMOTION], total: 1, page: 1, pageSize: 100, totalPages: 1 }),
    'POST /ops/raffles': create,
  });
  renderWithApp(<RafflesPage />, { role: 'admin' });
  const user = setupUser();
  const form = screen.getByRole('form', { name: 'Novo sorteio' });
  await within(form).findByRole('option', { name: 'Sorteio do mês (#12)' });
  await user.selectOptions(within(form).getByLabelText('Promoção'), '12');
  await fill(user, within(form).getByLabelText('Título'), 'Sorteio de Natal');
  fireEvent.change(within(form).getByLabelText(/^Hora do sorteio/), { target: { value: '2026-12-24T20:00' } });
  await user.selectOptions(within(form).getByLabelText('Prêmio 1: tipo'), prize.kind);
  await fill(user, within(form).getByLabelText('Prêmio 1: valor'), prize.amount);
  await fill(user, within(form).getByLabelText(/Motivo/), 'sorteio de fim de ano');
  await user.click(within(form).getByRole('button', { name: 'Criar sorteio' }));
  await waitFor(() => expect(api.callsTo('POST /ops/raffles')).toHaveLength(1));
  return { api, form };
}

afterEach(() => vi.unstubAllGlobals());

describe('RafflesPage', () => {
  // Without the refusal under the field, the prize would carry no message (only the form's line).
  it("shows the licence's refusal of a bonus prize under that prize's kind", async () => {
    const { api, form } = await typeBonusRaffle(
      fail('LICENCE_REFUSED', 403, {
        rule: 'forbiddenRewardKinds',
        field: 'prizes.0.rewardKind',
        profile: 'BR',
        source: 'Lei 14.790/2023 art. 29 I',
      }),
    );
    expect(await within(form).findByText('A licença proíbe este tipo de prêmio.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Prêmio 1: tipo')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /ops/raffles')[0]?.body).toMatchObject({
      promotionId: '12',
      prizes: [{ rewardKind: 'bonus', amount: '50000' }],
    });
  });

  it('shows no refusal when the raffle is created', async () => {
    const { form } = await typeBonusRaffle(ok({ id: '3' }));
    expect(within(form).queryByText('A licença proíbe este tipo de prêmio.')).not.toBeInTheDocument();
  });

  // A cash or bonus prize is read by the shared money parser in the operator's language.
  it.each((['cash', 'bonus'] as const).flatMap((kind) => TYPED_AMOUNTS.map((amount) => ({ kind, ...amount }))))(
    'sends a $kind prize typed $typed as $minor minor units',
    async ({ kind, typed, minor }) => {
      const { api } = await typeBonusRaffle(ok({ id: '5' }), { kind, amount: typed });
      expect(api.callsTo('POST /ops/raffles')[0]?.body).toMatchObject({
        prizes: [{ rewardKind: kind, amount: minor }],
      });
    },
  );
});
