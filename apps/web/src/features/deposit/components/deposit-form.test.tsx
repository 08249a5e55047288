import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DepositChannel, DepositOrder } from '@wps/shared/schemas/deposit';
import { preselectDepositOptIn } from '../../../lib/deposit-opt-in';
import { fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { DepositForm } from './deposit-form';

const CHANNEL: DepositChannel = {
  id: '7',
  name: 'Banco Demo',
  type: 'manual_bank',
  method: 'bank_transfer',
  currency: 'BRL',
  scale: 2,
  min: '10.00',
  minMinor: '1000',
  max: '5000.00',
  maxMinor: '500000',
  feeFixed: '0.00',
  feeFixedMinor: '0',
  feeBps: 0,
} as DepositChannel;

/** No promotion takes an opt-in on a deposit (GET /wps/promo/offers). */
const NO_OFFERS = { 'GET /wps/promo/offers': ok({ list: [] }) };

function order(amount: string): DepositOrder {
  return { id: '1', type: 'manual_bank', amount, pixCode: null, payUrl: null } as DepositOrder;
}

async function renderForm(channel: DepositChannel = CHANNEL) {
  const onManualOrder = vi.fn();
  const { user } = await renderWithProviders(<DepositForm channel={channel} onManualOrder={onManualOrder} />);
  const submit = () => user.click(screen.getByRole('button', { name: 'Ver dados da transferência' }));
  return { user, submit, onManualOrder, amount: screen.getByRole('textbox', { name: 'Valor' }) };
}

describe('DepositForm', () => {
  it('asks for an amount before sending anything', async () => {
    const api = stubApi(NO_OFFERS);
    const { submit } = await renderForm();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Digite um valor');
    expect(screen.getByRole('textbox', { name: 'Valor' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /wps/deposit/orders')).toHaveLength(0);
  });

  it.each([
    ['30,50', '30.50'],
    ['1.500,00', '1500.00'],
    ['1500', '1500.00'],
    ['30.50', '30.50'],
  ])('reads "%s" as %s and sends it', async (typed, sent) => {
    const api = stubApi({
      ...NO_OFFERS,
      'POST /wps/deposit/orders': (call) => ok(order((call.body as { amount: string }).amount)),
    });
    const { user, submit, amount, onManualOrder } = await renderForm();
    await user.type(amount, typed);
    await submit();
    await vi.waitFor(() => expect(onManualOrder).toHaveBeenCalled());
    expect(api.callsTo('POST /wps/deposit/orders')[0]!.body).toMatchObject({ channelId: '7', amount: sent });
    expect(onManualOrder.mock.calls[0]![0]).toMatchObject({ amount: sent });
  });

  it('refuses more decimals than the currency has', async () => {
    const api = stubApi(NO_OFFERS);
    const { user, submit, amount } = await renderForm();
    await user.type(amount, '10,505');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Digite um valor válido com no máximo 2 casas decimais');
    expect(api.callsTo('POST /wps/deposit/orders')).toHaveLength(0);
  });

  it('names the channel limits in reais when the amount is outside them', async () => {
    stubApi(NO_OFFERS);
    const { user, submit, amount } = await renderForm();
    await user.type(amount, '9,99');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('O mínimo é R$ 10,00');
    await user.clear(amount);
    await user.type(amount, '5.000,01');
    expect(await screen.findByRole('alert')).toHaveTextContent('O máximo é R$ 5.000,00');
  });

  it('shows what the player receives after the fee, and refuses an amount the fee eats', async () => {
    stubApi(NO_OFFERS);
    const { user, submit, amount } = await renderForm({
      ...CHANNEL,
      min: '1.00',
      minMinor: '100',
      feeFixed: '2.00',
      feeFixedMinor: '200',
      feeBps: 200,
    });
    await user.type(amount, '100');
    // 100,00 − (2,00 fixed + 2% of 100,00)
    expect(screen.getByText('Você recebe R$ 96,00')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '2');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('O valor precisa ser maior que a taxa');
  });

  it('fills the field from a quick amount inside the limits', async () => {
    stubApi(NO_OFFERS);
    const { user, amount } = await renderForm({ ...CHANNEL, max: '100.00', maxMinor: '10000' });
    const quick = screen.getByRole('group', { name: 'Valores rápidos' });
    const buttons = Array.from(quick.querySelectorAll('button')).map((b) => b.textContent);
    expect(buttons.map((text) => text?.replace(/\s/g, ' '))).toEqual(['R$ 20,00', 'R$ 50,00', 'R$ 100,00']);
    await user.click(screen.getByRole('button', { name: /^R\$\s50,00$/ }));
    expect(amount).toHaveValue('50');
  });

  it('shows the server refusal in Portuguese and keeps the idempotency key for a retry of the same amount', async () => {
    const api = stubApi({ ...NO_OFFERS, 'POST /wps/deposit/orders': fail('DEPOSIT_CHANNEL_DISABLED') });
    const { user, submit, amount, onManualOrder } = await renderForm();
    await user.type(amount, '50');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Este canal de depósito está fechado. Escolha outro.');
    await submit();
    await vi.waitFor(() => expect(api.callsTo('POST /wps/deposit/orders')).toHaveLength(2));
    await user.clear(amount);
    await user.type(amount, '60');
    await submit();
    await vi.waitFor(() => expect(api.callsTo('POST /wps/deposit/orders')).toHaveLength(3));
    const keys = api
      .callsTo('POST /wps/deposit/orders')
      .map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(onManualOrder).not.toHaveBeenCalled();
  });

  it('names the deposit limit and what is left of it in the currency and the period in words', async () => {
    stubApi({
      ...NO_OFFERS,
      'POST /wps/deposit/orders': fail('RG_DEPOSIT_LIMIT_REACHED', 403, {
        period: 'week',
        limit: '500.00',
        limitMinor: '50000',
        remaining: '1234.50',
        remainingMinor: '123450',
      }),
    });
    const { user, submit, amount } = await renderForm();
    await user.type(amount, '2000');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este depósito passaria do seu limite de depósito (R$ 500,00 por semana). Você ainda pode depositar R$ 1.234,50.',
    );
  });

  it('names the range of amounts the channel takes in the currency', async () => {
    stubApi({
      ...NO_OFFERS,
      'POST /wps/deposit/orders': fail('DEPOSIT_AMOUNT_OUT_OF_RANGE', 400, {
        min: '10.00',
        minMinor: '1000',
        max: '5000.00',
        maxMinor: '500000',
      }),
    });
    const { user, submit, amount } = await renderForm();
    await user.type(amount, '50');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('O valor precisa estar entre R$ 10,00 e R$ 5.000,00.');
  });

  it("lists the promotions that pay this deposit only when ticked, the promotion's own ticked, and sends the ticks with the order", async () => {
    preselectDepositOptIn('41');
    const api = stubApi({
      'GET /wps/promo/offers': ok({
        list: [
          { promotionId: '40', title: 'Bônus de boas-vindas', action: 'deposit', optIn: false },
          { promotionId: '41', title: 'Sexta da recarga', action: 'deposit', optIn: true },
          { promotionId: '42', title: 'Recarga de sábado', action: 'deposit', optIn: true },
          { promotionId: '43', title: 'Desafio de slots', action: 'join', optIn: true },
        ],
      }),
      'POST /wps/deposit/orders': (call) => ok(order((call.body as { amount: string }).amount)),
    });
    const { user, submit, amount, onManualOrder } = await renderForm();
    const group = await screen.findByRole('group', { name: 'Promoções deste depósito' });
    // Only the deposit rules that need an opt-in: the welcome bonus pays by itself, the challenge is joined on its page.
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Sexta da recarga', 'Recarga de sábado']);
    expect(within(group).getByRole('checkbox', { name: 'Sexta da recarga' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Recarga de sábado' })).not.toBeChecked();
    await user.type(amount, '100');
    await submit();
    await vi.waitFor(() => expect(onManualOrder).toHaveBeenCalled());
    expect(api.callsTo('POST /wps/deposit/orders')[0]!.body).toMatchObject({
      amount: '100.00',
      optInPromotionIds: ['41'],
    });
  });

  it('sends no opt-in when the player unticks it', async () => {
    preselectDepositOptIn('41');
    const api = stubApi({
      'GET /wps/promo/offers': ok({
        list: [{ promotionId: '41', title: 'Sexta da recarga', action: 'deposit', optIn: true }],
      }),
      'POST /wps/deposit/orders': (call) => ok(order((call.body as { amount: string }).amount)),
    });
    const { user, submit, amount, onManualOrder } = await renderForm();
    await user.click(await screen.findByRole('checkbox', { name: 'Sexta da recarga' }));
    await user.type(amount, '100');
    await submit();
    await vi.waitFor(() => expect(onManualOrder).toHaveBeenCalled());
    expect(api.callsTo('POST /wps/deposit/orders')[0]!.body).not.toHaveProperty('optInPromotionIds');
  });
});
