import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TYPED_AMOUNTS, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { WithdrawalRules } from './withdrawal-rules';

const rules = {
  minAmountMinor: '1000',
  maxAmountMinor: '5000000',
  dailyCountLimit: 3,
  autoReceiptMinutes: 60,
  reviewDeadlineHours: 24,
};

function renderRules(role: 'admin' | 'finance' | 'marketing', canWrite = true) {
  const api = stubOps({
    'GET /ops/withdrawal-settings': ok(rules),
    'PUT /ops/withdrawal-settings': ok(rules),
  });
  renderWithApp(
    <>
      <h2 id="withdrawal-heading">Regras de saque</h2>
      <WithdrawalRules canWrite={canWrite} headingId="withdrawal-heading" />
    </>,
    { role },
  );
  return { api, user: setupUser() };
}

async function openForm(user: ReturnType<typeof setupUser>) {
  await user.click(await screen.findByRole('button', { name: 'Alterar regras de saque' }));
  return screen.getByRole('dialog', { name: 'Alterar regras de saque' });
}

afterEach(() => vi.unstubAllGlobals());

describe('WithdrawalRules', () => {
  it('shows the rules as money and counts, read-only without payments.write', async () => {
    renderRules('finance', false);
    const rulesList = await screen.findByLabelText('Regras de saque', { selector: 'dl' });
    expect(rulesList).toHaveTextContent(/Saque mínimo\s*R\$\s10,00/);
    expect(rulesList).toHaveTextContent(/Saque máximo\s*R\$\s50\.000,00/);
    expect(rulesList).toHaveTextContent('60 minutos após a aprovação');
    expect(rulesList).toHaveTextContent(/Prazo de análise\s*24 horas após o pedido/);
    expect(screen.queryByRole('button', { name: 'Alterar regras de saque' })).not.toBeInTheDocument();
  });

  it('tells a role without money.read that it cannot see them, and asks nothing', () => {
    const { api } = renderRules('marketing');
    expect(screen.getByText('Sua função não consulta as regras de saque.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('starts the form from the stored rules and sends the new ones in minor units', async () => {
    const { api, user } = renderRules('admin');
    const dialog = await openForm(user);
    expect(within(dialog).getByLabelText('Saque mínimo (BRL)')).toHaveValue('10,00');
    expect(within(dialog).getByLabelText('Saque máximo (BRL)')).toHaveValue('50000,00');
    await fill(user, within(dialog).getByLabelText('Saque mínimo (BRL)'), '30,50');
    await fill(user, within(dialog).getByLabelText('Saque máximo (BRL)'), '1500');
    await fill(user, within(dialog).getByLabelText('Saques por dia por jogador'), '5');
    expect(within(dialog).getByLabelText('Prazo de análise (horas)')).toHaveValue('24');
    await fill(user, within(dialog).getByLabelText('Prazo de análise (horas)'), '12');
    await fill(user, within(dialog).getByLabelText('Motivo'), 'limites revistos');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar regras' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT /ops/withdrawal-settings')[0]?.body).toEqual({
      minAmountMinor: '3050',
      maxAmountMinor: '150000',
      dailyCountLimit: 5,
      autoReceiptMinutes: 60,
      reviewDeadlineHours: 12,
      reason: 'limites revistos',
    });
  });

  it('refuses a zero minimum, a maximum below it and a count out of range', async () => {
    const { api, user } = renderRules('admin');
    const dialog = await openForm(user);
    await fill(user, within(dialog).getByLabelText('Saque mínimo (BRL)'), '0');
    await fill(user, within(dialog).getByLabelText('Motivo'), 'limites revistos');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar regras' }));
    expect(
      await within(dialog).findByText('Digite um valor maior que zero, como 10,00 (até duas casas).'),
    ).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Saque mínimo (BRL)'), '100');
    await fill(user, within(dialog).getByLabelText('Saque máximo (BRL)'), '99,99');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar regras' }));
    expect(
      await within(dialog).findByText('Digite um valor, como 50000,00, que não seja menor que o mínimo.'),
    ).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Saque máximo (BRL)'), '200');
    await fill(user, within(dialog).getByLabelText('Saques por dia por jogador'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar regras' }));
    expect(await within(dialog).findByText('Digite um número inteiro de 1 a 1000.')).toBeInTheDocument();
    expect(api.callsTo('PUT /ops/withdrawal-settings')).toHaveLength(0);
  });

  // Both limits are read by the shared money parser in the operator's language.
  it.each(TYPED_AMOUNTS)(
    'sends $typed typed as the minimum and the maximum as $minor minor units',
    async ({ typed, minor }) => {
      const { api, user } = renderRules('admin');
      const dialog = await openForm(user);
      await fill(user, within(dialog).getByLabelText('Saque mínimo (BRL)'), typed);
      await fill(user, within(dialog).getByLabelText('Saque máximo (BRL)'), typed);
      await fill(user, within(dialog).getByLabelText('Motivo'), 'limites revistos');
      await user.click(within(dialog).getByRole('button', { name: 'Salvar regras' }));
      await waitFor(() => expect(api.callsTo('PUT /ops/withdrawal-settings')).toHaveLength(1));
      expect(api.callsTo('PUT /ops/withdrawal-settings')[0]?.body).toMatchObject({
        minAmountMinor: minor,
        maxAmountMinor: minor,
      });
    },
  );
});
