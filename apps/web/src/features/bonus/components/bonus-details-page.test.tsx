import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Bonus, PlayerBonuses } from '@wps/shared/schemas/bonus';
import { ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { BonusDetailsPage } from './bonus-details-page';

/** R$ 10,00 of bonus wagered once: a requirement of R$ 10,00. */
const BONUS: Bonus = {
  id: '7',
  status: 'active',
  source: 'reward',
  amountMinor: '1000',
  wageringMultiple: 1,
  requirementMinor: '1000',
  wageredMinor: '0',
  maxConversionMinor: '10000',
  maxStakeMinor: '50000',
  expiresAt: '2026-12-30T12:00:00.000Z',
  createdAt: '2026-11-28T12:00:00.000Z',
  activatedAt: '2026-11-28T12:00:00.000Z',
  endedAt: null,
  convertedMinor: '0',
  returnedMinor: '0',
};

function renderBonuses(bonus: Bonus) {
  const data: PlayerBonuses = {
    currency: 'BRL',
    scale: 2,
    bonusBalanceMinor: bonus.status === 'active' ? bonus.amountMinor : '0',
    spendOrder: 'real_first',
    contributions: [{ category: 'RNG', percent: 100 }],
    bonuses: [bonus],
    wagers: [],
  };
  stubApi({ 'GET /wps/bonuses': ok(data) });
  return renderWithProviders(<BonusDetailsPage />);
}

describe('BonusDetailsPage', () => {
  it('shows an active bonus half wagered: the amount, the figures and the bar at 50 %', async () => {
    renderBonuses({ ...BONUS, wageredMinor: '500' });
    const card = await screen.findByTestId('bonus-card');
    expect(within(card).getByText('Ativo')).toBeInTheDocument();
    expect(card.querySelector('.bonus-card__amount')?.textContent).toMatch(/R\$\s*10,00/);
    expect(card.textContent).toMatch(/Apostado R\$\s*5,00 de R\$\s*10,00 \(50\s?%\)/);
    expect(within(card).getByRole('progressbar', { name: 'Progresso da aposta exigida' })).toHaveAttribute(
      'value',
      '0.5',
    );
    expect(within(card).queryByTestId('bonus-end')).toBeNull();
  });

  it('shows a converted bonus at 100 % with what went to the real balance', async () => {
    renderBonuses({
      ...BONUS,
      status: 'converted',
      wageredMinor: '1000',
      endedAt: '2026-11-28T13:00:00.000Z',
      convertedMinor: '1000',
    });
    const card = await screen.findByTestId('bonus-card');
    expect(within(card).getAllByText('Convertido').length).toBeGreaterThan(0);
    expect(card.textContent).toMatch(/Apostado R\$\s*10,00 de R\$\s*10,00 \(100\s?%\)/);
    expect(within(card).getByTestId('bonus-end').textContent).toMatch(/R\$\s*10,00 para o saldo real/);
  });
});
