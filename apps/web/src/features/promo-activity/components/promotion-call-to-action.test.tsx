import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PromoOffer } from '@wps/shared/schemas/promo-rewards';
import { useDepositOptIn } from '../../../lib/deposit-opt-in';
import { ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { PromotionCallToAction } from './promotion-call-to-action';

const OFFERS: PromoOffer[] = [
  { promotionId: '40', title: 'Bônus de boas-vindas', action: 'deposit', optIn: false },
  { promotionId: '41', title: 'Sexta da recarga', action: 'deposit', optIn: true },
  { promotionId: '43', title: 'Desafio de slots', action: 'join', optIn: true },
];

/** What the deposit form would tick, shown so the test reads it. */
function Preselected() {
  return <output aria-label="opt-in">{useDepositOptIn() ?? 'none'}</output>;
}

async function renderCta(promotionId: string, signedIn = true) {
  stubApi({ 'GET /wps/promo/offers': ok({ list: OFFERS }) });
  const onDeposit = vi.fn();
  const rendered = await renderWithProviders(
    <>
      <PromotionCallToAction promotionId={promotionId} onDeposit={onDeposit} />
      <Preselected />
    </>,
    { signedIn },
  );
  return { ...rendered, onDeposit };
}

describe('PromotionCallToAction', () => {
  it("opens the deposit with the promotion's opt-in ticked when its rule needs one", async () => {
    const { user, onDeposit } = await renderCta('41');
    await user.click(await screen.findByRole('button', { name: 'Depositar' }));
    expect(onDeposit).toHaveBeenCalledOnce();
    expect(screen.getByRole('status', { name: 'opt-in' })).toHaveTextContent('41');
    expect(screen.getByText('A promoção já vem marcada no depósito.')).toBeInTheDocument();
  });

  it('opens the deposit with nothing ticked when its rule pays every deposit', async () => {
    const { user, onDeposit } = await renderCta('40');
    await user.click(await screen.findByRole('button', { name: 'Depositar' }));
    expect(onDeposit).toHaveBeenCalledOnce();
    expect(screen.getByRole('status', { name: 'opt-in' })).toHaveTextContent('none');
  });

  it('asks a visitor to sign in or register instead', async () => {
    await renderCta('40', false);
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cadastre-se' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Depositar' })).toBeNull();
  });

  it.each([
    ['no live rule pays', '99', true],
    ['joined on its activity (Participar there)', '43', true],
    ['joined on its activity, to a visitor', '43', false],
  ])('offers nothing for a promotion %s', async (_, promotionId, signedIn) => {
    await renderCta(promotionId, signedIn);
    await screen.findByRole('status', { name: 'opt-in' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
