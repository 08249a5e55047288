import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPermission, fail, ok, renderWithProviders, stubApi, type ApiCall } from '../../../lib/test-render';
import { BetSlip } from './bet-slip';

const placed = (call: ApiCall) => {
  const body = call.body as { selections: { stakePerLineMinor: string; numbers?: number[] }[] };
  const stake = body.selections.reduce(
    (sum, s) => sum + BigInt(s.stakePerLineMinor) * BigInt(s.numbers?.length ?? 1),
    0n,
  );
  return ok({ ticket: { numero: '20261127-042', stakeMinor: String(stake), selections: body.selections } });
};

async function renderSlip(numero: string | null = '20261127-042', routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /wps/system/permission': ok(buildPermission()),
    'POST /lgw/tickets': placed,
    ...routes,
  });
  const view = await renderWithProviders(<BetSlip family="digits5" gameCode="ssc1" numero={numero} />);
  const slip = screen.getByRole('region', { name: 'Boletim' });
  const stake = within(slip).getByRole('textbox', { name: 'Valor por linha' });
  const numbers = () => within(slip).getByRole('group', { name: 'Números' });
  const pick = (n: string) => view.user.click(within(numbers()).getByRole('button', { name: n }));
  const add = () => view.user.click(within(slip).getByRole('button', { name: 'Adicionar ao boletim' }));
  const price = () => within(slip).getByTestId('slip-selection-price');
  return { ...view, api, slip, stake, pick, add, price, numbers };
}

describe('BetSlip', () => {
  it('prices a selection by its lines and the stake per line, in reais', async () => {
    const { user, stake, pick, price, slip } = await renderSlip();
    // Before any pick: a hint, not an error.
    expect(price()).toHaveTextContent('Escolha os seus números para ver o preço.');
    await user.selectOptions(within(slip).getByRole('combobox', { name: 'Posição' }), '2');
    await pick('3');
    await pick('7');
    expect(within(slip).getByRole('button', { name: '7' })).toHaveAttribute('aria-pressed', 'true');
    await user.clear(stake);
    await user.type(stake, '1,50');
    expect(price()).toHaveTextContent('2 linhas, total R$ 3,00');
    await user.clear(stake);
    await user.type(stake, '0.25');
    expect(price()).toHaveTextContent('2 linhas, total R$ 0,50');
  });

  it('will not add a selection without a valid stake or numbers', async () => {
    const { user, stake, pick, price, slip } = await renderSlip();
    const add = within(slip).getByRole('button', { name: 'Adicionar ao boletim' });
    expect(price()).toHaveTextContent('Escolha os seus números para ver o preço.');
    expect(add).toBeDisabled();
    await pick('1');
    expect(add).toBeEnabled();
    await user.clear(stake);
    await user.type(stake, '1,234');
    expect(stake).toHaveAttribute('aria-invalid', 'true');
    expect(price()).toHaveTextContent('Informe um valor por linha válido.');
    expect(add).toBeDisabled();
  });

  it('keeps the entries with their price and total, removes one, and places the ticket', async () => {
    const { user, slip, pick, add, api } = await renderSlip();
    expect(within(slip).getByText('Adicione uma seleção ao boletim.')).toBeInTheDocument();
    await pick('3');
    await pick('7');
    await add();
    await user.selectOptions(within(slip).getByRole('combobox', { name: 'Tipo de aposta' }), 'Soma grande/pequena');
    await user.click(within(slip).getByRole('radio', { name: 'Pequeno' }));
    await add();
    expect(within(slip).getByRole('heading', { name: 'Seleções (2)' })).toBeInTheDocument();
    const entries = within(slip).getAllByTestId('slip-entry');
    expect(entries[0]).toHaveTextContent('Posição · posição 1 · 3 7');
    expect(entries[0]).toHaveTextContent('2 × R$ 1,00 = R$ 2,00');
    expect(entries[1]).toHaveTextContent('Soma grande/pequena · Pequeno');
    expect(within(slip).getByTestId('slip-total')).toHaveTextContent('R$ 3,00');
    await user.click(within(slip).getByRole('button', { name: 'Remover Soma grande/pequena · Pequeno' }));
    expect(within(slip).getByTestId('slip-total')).toHaveTextContent('R$ 2,00');
    await user.click(within(slip).getByRole('button', { name: 'Apostar no sorteio 20261127-042' }));
    expect(await within(slip).findByRole('status')).toHaveTextContent(
      'Bilhete registrado no sorteio 20261127-042: R$ 2,00.',
    );
    expect(api.callsTo('POST /lgw/tickets')[0]!.body).toMatchObject({
      gameCode: 'ssc1',
      numero: '20261127-042',
      onLimit: 'trim',
      selections: [{ betType: 'position', position: 1, numbers: [3, 7], stakePerLineMinor: '100' }],
    });
    expect(within(slip).getByText('Adicione uma seleção ao boletim.')).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the entries", async () => {
    const { user, slip, pick, add } = await renderSlip('20261127-042', {
      'POST /lgw/tickets': fail('INSUFFICIENT_FUNDS'),
    });
    await pick('5');
    await add();
    await user.click(within(slip).getByRole('button', { name: 'Apostar no sorteio 20261127-042' }));
    expect(await within(slip).findByRole('alert')).toHaveTextContent('Saldo insuficiente.');
    expect(within(slip).getAllByTestId('slip-entry')).toHaveLength(1);
  });

  it('closes betting when no draw is open', async () => {
    const { slip, pick, add } = await renderSlip(null);
    await pick('5');
    await add();
    expect(within(slip).getByRole('button', { name: 'Apostas encerradas' })).toBeDisabled();
  });

  // A pt-BR thousands point is a thousands point in a stake too.
  it.each(['1.500', '1.500,00'])('reads a stake typed "%s" as one thousand five hundred reais', async (typed) => {
    const { user, stake, pick, price } = await renderSlip();
    await pick('3');
    await user.clear(stake);
    await user.type(stake, typed);
    expect(price()).toHaveTextContent('1 linha, total R$ 1.500,00');
  });

  // The stake per line is read by the shared money parser as Portuguese writes it, and placed in minor units.
  it.each([
    ['30,50', '3050'],
    ['1.500,00', '150000'],
    ['1500', '150000'],
    ['30.50', '3050'],
  ])('places a stake typed "%s" as %s minor units a line', async (typed, minor) => {
    const { user, slip, stake, pick, add, api } = await renderSlip();
    await pick('3');
    await user.clear(stake);
    await user.type(stake, typed);
    await add();
    await user.click(within(slip).getByRole('button', { name: 'Apostar no sorteio 20261127-042' }));
    await within(slip).findByRole('status');
    expect(api.callsTo('POST /lgw/tickets')[0]!.body).toMatchObject({
      selections: [{ numbers: [3], stakePerLineMinor: minor }],
    });
  });
});
