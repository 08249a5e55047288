import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContractType } from '@wps/shared/schemas/agents';
import { fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { ContractOfferForm } from './contract-offer-form';

const DIVIDEND_PATH = 'POST /wps/relay/MCS2_processDividendReq';
const DAILY_PATH = 'POST /wps/relay/MCS2_processDailySalContract';

async function renderForm(type: ContractType = 'dividend', routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ [DIVIDEND_PATH]: ok({}), [DAILY_PATH]: ok({}), ...routes });
  const view = await renderWithProviders(
    <ContractOfferForm
      type={type}
      money={{ currency: 'BRL', scale: 2 }}
      downlines={[
        { id: '7', account: 'joao88' },
        { id: '9', account: 'ana77' },
      ]}
    />,
  );
  const form = screen.getByRole('form', { name: 'Oferecer um contrato' });
  const tier = (n: number) => within(form).getByRole('group', { name: `Faixa ${n}` });
  const submit = () => view.user.click(within(form).getByRole('button', { name: 'Enviar proposta' }));
  return { ...view, api, form, tier, submit };
}

describe('ContractOfferForm', () => {
  it('names the dividend base and asks for the period; a salary has a turnover base and no period', async () => {
    const { tier, unmount } = await renderForm('dividend');
    expect(within(tier(1)).getByRole('textbox', { name: 'Perda líquida mínima' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Período' })).toHaveValue('daily');
    unmount();
    const salary = await renderForm('daily_salary');
    expect(within(salary.tier(1)).getByRole('textbox', { name: 'Volume mínimo' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Período' })).not.toBeInTheDocument();
  });

  it('reads amounts and rates in the Brazilian way and sends the tiers in minor units and basis points', async () => {
    const { user, tier, submit, api } = await renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subordinado direto' }), 'ana77');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Período' }), 'Semanal');
    await user.type(within(tier(1)).getByRole('textbox', { name: 'Perda líquida mínima' }), '1.500,00');
    await user.type(within(tier(1)).getByRole('textbox', { name: 'Jogadores ativos mínimos' }), '3');
    await user.type(within(tier(1)).getByRole('textbox', { name: 'Taxa (%)' }), '0,60');
    await user.click(screen.getByRole('button', { name: 'Adicionar faixa' }));
    await user.type(within(tier(2)).getByRole('textbox', { name: 'Perda líquida mínima' }), '30.50');
    await user.type(within(tier(2)).getByRole('textbox', { name: 'Taxa (%)' }), '12');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Proposta enviada.');
    expect(api.callsTo(DIVIDEND_PATH)[0]!.body).toEqual({
      action: 'offer',
      downlineId: '9',
      period: 'weekly',
      tiers: [
        { minAmountMinor: '150000', minActivePlayers: 3, rateBp: 60 },
        { minAmountMinor: '3050', minActivePlayers: 0, rateBp: 1200 },
      ],
    });
    // The form starts again with one empty tier.
    expect(within(tier(1)).getByRole('textbox', { name: 'Taxa (%)' })).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'Faixa 2' })).not.toBeInTheDocument();
  });

  it('refuses a rate above 100 %, a fraction of a player and a missing minimum', async () => {
    const { user, tier, submit, api } = await renderForm();
    await user.type(within(tier(1)).getByRole('textbox', { name: 'Jogadores ativos mínimos' }), '2,5');
    await user.type(within(tier(1)).getByRole('textbox', { name: 'Taxa (%)' }), '100,01');
    await submit();
    expect(await within(tier(1)).findByText('A taxa vai de 0 a 100 %.')).toBeInTheDocument();
    expect(within(tier(1)).getByText('Digite um número inteiro de jogadores.')).toBeInTheDocument();
    expect(within(tier(1)).getByText('Preencha este campo.')).toBeInTheDocument();
    expect(api.callsTo(DIVIDEND_PATH)).toHaveLength(0);
  });

  it('refuses two tiers with the same thresholds', async () => {
    const { user, tier, submit, api } = await renderForm('daily_salary');
    for (const n of [1, 2]) {
      if (n === 2) await user.click(screen.getByRole('button', { name: 'Adicionar faixa' }));
      await user.type(within(tier(n)).getByRole('textbox', { name: 'Volume mínimo' }), '100');
      await user.type(within(tier(n)).getByRole('textbox', { name: 'Taxa (%)' }), String(n));
    }
    await submit();
    // Waits for the tiers' message among the form's alerts: on a busy machine a field's own check
    // (the form validates a field once it was left) can show first, and the submit's result after it.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'De 1 a 10 faixas, sem duas com os mesmos mínimos.',
      ),
    );
    expect(api.callsTo(DAILY_PATH)).toHaveLength(0);
  });

  it('removes a tier and stops adding at ten', async () => {
    const { user, form } = await renderForm();
    const add = () => user.click(within(form).getByRole('button', { name: 'Adicionar faixa' }));
    await add();
    await user.click(within(form).getByRole('button', { name: 'Remover faixa 2' }));
    expect(within(form).getAllByRole('group', { name: /^Faixa \d+$/ })).toHaveLength(1);
    for (let i = 0; i < 9; i += 1) await add();
    expect(within(form).getAllByRole('group', { name: /^Faixa \d+$/ })).toHaveLength(10);
    expect(within(form).queryByRole('button', { name: 'Adicionar faixa' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a rate above the agent's own", async () => {
    const { user, tier, submit } = await renderForm('dividend', {
      [DIVIDEND_PATH]: fail('AGENT_RATE_ABOVE_UPLINE', 409),
    });
    await user.type(within(tier(1)).getByRole('textbox', { name: 'Perda líquida mínima' }), '0');
    await user.type(within(tier(1)).getByRole('textbox', { name: 'Taxa (%)' }), '50');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A taxa de um subordinado não pode exceder a do seu superior no mesmo tipo de contrato.',
    );
  });

  // The tier's minimum amount is read by the shared money parser as Portuguese writes it.
  it.each([
    ['30,50', '3050'],
    ['1.500,00', '150000'],
    ['1500', '150000'],
    ['30.50', '3050'],
  ])('sends a minimum typed "%s" as %s minor units', async (typed, minor) => {
    const { user, tier, submit, api } = await renderForm();
    await user.type(within(tier(1)).getByRole('textbox', { name: 'Perda líquida mínima' }), typed);
    await user.type(within(tier(1)).getByRole('textbox', { name: 'Taxa (%)' }), '10');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Proposta enviada.');
    expect(api.callsTo(DIVIDEND_PATH)[0]!.body).toMatchObject({
      tiers: [{ minAmountMinor: minor, minActivePlayers: 0, rateBp: 1000 }],
    });
  });
});
