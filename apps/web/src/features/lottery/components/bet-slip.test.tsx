import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultPaytable } from '@wps/shared/lottery/paytable';
import { betRulesOf } from '@wps/shared/lottery/registry';
import type { LotteryFamily } from '@wps/shared/lottery/types';
import enLottery from '../../../locales/en/lottery.json';
import ptLottery from '../../../locales/pt/lottery.json';
import { i18n } from '../../../lib/i18n';
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

async function renderSlip(
  numero: string | null = '20261127-042',
  routes: Parameters<typeof stubApi>[0] = {},
  family: LotteryFamily = 'digits5',
) {
  const api = stubApi({
    'GET /wps/system/permission': ok(buildPermission()),
    // The demo's odds: position 9.8 ×, last 3 digits 970 ×.
    'GET /lgw/games/paytable': ok({ gameCode: 'ssc1', family, paytable: defaultPaytable(family) }),
    'POST /lgw/tickets': placed,
    ...routes,
  });
  const view = await renderWithProviders(<BetSlip family={family} gameCode="ssc1" numero={numero} />);
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
    expect(entries[0]).toHaveTextContent('2 linhas × R$ 1,00 = R$ 2,00');
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

  it('guides before any pick and while picks are missing, with no error', async () => {
    const { user, slip, numbers, price } = await renderSlip('20261127-042', {}, 'pick11x5');
    const stake = within(slip).getByRole('textbox', { name: 'Valor por linha' });
    expect(price()).toHaveTextContent('Escolha os seus números para ver o preço.');
    expect(price()).toHaveClass('is-hint');
    expect(stake).toHaveAttribute('aria-invalid', 'false');
    expect(within(slip).queryByRole('alert')).not.toBeInTheDocument();
    await user.selectOptions(within(slip).getByRole('combobox', { name: 'Tipo de aposta' }), 'Qualquer 3');
    await user.click(within(numbers()).getByRole('button', { name: '4' }));
    expect(price()).toHaveTextContent('Escolha mais 2 números para ver o preço.');
    await user.click(within(numbers()).getByRole('button', { name: '9' }));
    expect(price()).toHaveTextContent('Escolha mais 1 número para ver o preço.');
    expect(price()).toHaveClass('is-hint');
    expect(within(slip).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(slip).getByRole('button', { name: 'Adicionar ao boletim' })).toBeDisabled();
    await user.click(within(numbers()).getByRole('button', { name: '11' }));
    expect(price()).toHaveTextContent('1 linha, total R$ 1,00');
    expect(price()).not.toHaveClass('is-hint');
  });

  it('counts lines and selections with plural forms, never "linha(s)"', async () => {
    const { user, slip, pick, add, price } = await renderSlip();
    await pick('3');
    expect(price()).toHaveTextContent('1 linha, total R$ 1,00');
    await add();
    // The editor keeps its picks after adding: one more makes two lines.
    await pick('8');
    expect(price()).toHaveTextContent('2 linhas, total R$ 2,00');
    await add();
    const entries = within(slip).getAllByTestId('slip-entry');
    expect(entries[0]).toHaveTextContent('1 linha × R$ 1,00 = R$ 1,00');
    expect(entries[1]).toHaveTextContent('2 linhas × R$ 1,00 = R$ 2,00');
    expect(slip).not.toHaveTextContent(/\(s\)/);
    await act(() => i18n.changeLanguage('en'));
    try {
      await waitFor(() => expect(within(slip).getAllByTestId('slip-entry')[0]).toHaveTextContent('1 line × R$1.00'));
      expect(within(slip).getAllByTestId('slip-entry')[1]).toHaveTextContent('2 lines × R$1.00 = R$2.00');
      expect(slip).not.toHaveTextContent(/\(s\)/);
    } finally {
      await act(() => i18n.changeLanguage('pt'));
    }
    await user.click(within(slip).getByRole('button', { name: 'Remover Posição · posição 1 · 3 8' }));
    expect(within(slip).getAllByTestId('slip-entry')).toHaveLength(1);
  });

  it("shows each pick's potential payout at the game's odds, in reais, and the slip's", async () => {
    const { user, slip, stake, pick, add } = await renderSlip();
    await user.clear(stake);
    await user.type(stake, '1,50');
    await pick('3');
    await pick('7');
    await add();
    const [position] = within(slip).getAllByTestId('slip-entry');
    // 9.8 × R$ 1,50 for each pick.
    const payouts = within(position!).getByRole('list', { name: 'Prêmio possível por linha' });
    expect(
      within(payouts)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['3: R$ 14,70', '7: R$ 14,70']);
    // Last 3 digits at 970 × a R$ 150,00 stake: thousands grouped as Portuguese writes them.
    await user.selectOptions(within(slip).getByRole('combobox', { name: 'Tipo de aposta' }), 'Últimos 3');
    await user.type(within(slip).getByRole('textbox', { name: /Números/ }), '123');
    await user.clear(stake);
    await user.type(stake, '150');
    await add();
    const last3 = within(slip).getAllByTestId('slip-entry')[1]!;
    expect(within(last3).getByRole('listitem')).toHaveTextContent(/^123: R\$\s145\.500,00$/);
    expect(within(slip).getByTestId('slip-payout')).toHaveTextContent(/^R\$\s145\.529,40$/);
    await user.click(within(slip).getByRole('button', { name: 'Remover Últimos 3 · 123' }));
    expect(within(slip).getByTestId('slip-payout')).toHaveTextContent('R$ 29,40');
  });

  it('names every bet type from the locale files, in PT and EN', async () => {
    for (const family of ['digits5', 'pick11x5', 'vn_north'] as const) {
      const { slip, unmount } = await renderSlip('20261127-042', {}, family);
      const types = within(slip).getByRole('combobox', { name: 'Tipo de aposta' });
      const shown = within(types)
        .getAllByRole('option')
        .map((o) => o.textContent);
      const pt = ptLottery.betTypes as Record<string, string>;
      expect(shown).toEqual(betRulesOf(family).map((r) => pt[r.code]));
      await act(() => i18n.changeLanguage('en'));
      try {
        const en = enLottery.betTypes as Record<string, string>;
        await waitFor(() =>
          expect(
            within(types)
              .getAllByRole('option')
              .map((o) => o.textContent),
          ).toEqual(betRulesOf(family).map((r) => en[r.code])),
        );
      } finally {
        await act(() => i18n.changeLanguage('pt'));
      }
      unmount();
    }
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
