import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsDepositChannel } from '@wps/shared/schemas/deposit';
import { TYPED_AMOUNTS, fail, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { ChannelFormDialog } from './channel-form-dialog';

const saved = (name: string) => ok({ id: '9', name });

function openNew() {
  const api = stubOps({
    'PUT /ops/deposit-channels': (call) => saved((call.body as { name: string }).name),
    'GET /ops/rewards/settings': ok({ jurisdiction: 'br' }),
  });
  const onClose = vi.fn();
  renderWithApp(<ChannelFormDialog channel={null} onClose={onClose} />, { role: 'admin' });
  return { api, onClose, user: setupUser(), dialog: screen.getByRole('dialog', { name: 'Novo canal de depósito' }) };
}

type User = ReturnType<typeof setupUser>;

async function fillBankChannel(user: User, dialog: HTMLElement, amounts: { min: string; max: string }) {
  const field = (name: string) => within(dialog).getByLabelText(name);
  await fill(user, field('Nome mostrado aos jogadores'), 'Transferência Itaú');
  await user.selectOptions(field('Forma de pagamento'), 'bank_transfer');
  await fill(user, field('Depósito mínimo (BRL)'), amounts.min);
  await fill(user, field('Depósito máximo (BRL)'), amounts.max);
  await fill(user, field('Banco'), 'Itaú');
  await fill(user, field('Agência e conta'), '0001 12345-6');
  await fill(user, field('Titular'), 'Operadora Ltda');
  await fill(user, field('Motivo'), 'novo canal');
}

const submit = (user: User, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: 'Criar canal' }));

afterEach(() => vi.unstubAllGlobals());

describe('ChannelFormDialog', () => {
  // The typed fields are checked first; the shared schema's rules (the name, the receiving
  // account) only once they read, so an empty name shows on the second try (see the report).
  it('names the missing typed fields under them and sends nothing', async () => {
    const { api, user, dialog } = openNew();
    await submit(user, dialog);
    await within(dialog).findByText('Diga o motivo (pelo menos 3 caracteres).');
    expect(within(dialog).getByLabelText('Forma de pagamento')).toHaveAccessibleDescription(
      'Escolha a forma de pagamento. PIX é só por gateway de pagamento, em reais.',
    );
    expect(within(dialog).getByLabelText('Depósito mínimo (BRL)')).toHaveAccessibleDescription(
      'Digite um valor maior que zero, como 10,00 (até duas casas).',
    );
    expect(api.callsTo('PUT /ops/deposit-channels')).toHaveLength(0);
  });

  it('then refuses an empty name and an incomplete receiving account under their fields', async () => {
    const { api, user, dialog } = openNew();
    await fillBankChannel(user, dialog, { min: '10', max: '100' });
    await fill(user, within(dialog).getByLabelText('Nome mostrado aos jogadores'), '   ');
    await fill(user, within(dialog).getByLabelText('Titular'), '');
    await submit(user, dialog);
    expect(await within(dialog).findByText('Digite um nome de até 64 caracteres.')).toBeInTheDocument();
    expect(within(dialog).getByText('Digite o titular da conta (até 64 caracteres).')).toBeInTheDocument();
    expect(api.callsTo('PUT /ops/deposit-channels')).toHaveLength(0);
  });

  it('sends the typed amounts in minor units and the percentage in basis points', async () => {
    const { api, user, dialog, onClose } = openNew();
    await fillBankChannel(user, dialog, { min: '10,00', max: '1500' });
    await fill(user, within(dialog).getByLabelText('Taxa fixa (BRL)'), '1.50');
    await fill(user, within(dialog).getByLabelText('Taxa percentual (%)'), '1,5');
    await submit(user, dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT /ops/deposit-channels')[0]?.body).toEqual({
      name: 'Transferência Itaú',
      type: 'manual_bank',
      currency: 'BRL',
      minMinor: '1000',
      maxMinor: '150000',
      feeFixedMinor: '150',
      feeBps: 150,
      enabled: true,
      sort: 0,
      bankName: 'Itaú',
      accountNumber: '0001 12345-6',
      accountHolder: 'Operadora Ltda',
      method: 'bank_transfer',
      reason: 'novo canal',
    });
  });

  it('refuses a maximum below the minimum under the maximum', async () => {
    const { api, user, dialog } = openNew();
    await fillBankChannel(user, dialog, { min: '30,50', max: '30.00' });
    await submit(user, dialog);
    expect(
      await within(dialog).findByText('Digite um valor, como 500,00, que não seja menor que o mínimo.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /ops/deposit-channels')).toHaveLength(0);
  });

  // Amounts as the operator's language writes them, grouping included.
  it('reads "1.500,00" (Portuguese grouping) as 150000 minor units', async () => {
    const { api, user, dialog } = openNew();
    await fillBankChannel(user, dialog, { min: '10', max: '1.500,00' });
    await submit(user, dialog);
    await waitFor(
      () => expect(api.callsTo('PUT /ops/deposit-channels')[0]?.body).toMatchObject({ maxMinor: '150000' }),
      { timeout: 300 },
    );
  });

  it('asks a gateway for its provider instead of a receiving account, and keeps PIX to gateways', async () => {
    const { api, user, dialog } = openNew();
    expect(within(dialog).getByRole('group', { name: 'Conta que recebe as transferências' })).toBeInTheDocument();
    await fillBankChannel(user, dialog, { min: '10', max: '100' });
    await user.selectOptions(within(dialog).getByLabelText('Forma de pagamento'), 'pix');
    await submit(user, dialog);
    // Validation runs after the click's handler returns (the resolver is async): wait for its mark.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Forma de pagamento')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(api.callsTo('PUT /ops/deposit-channels')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'gateway');
    expect(within(dialog).queryByRole('group', { name: 'Conta que recebe as transferências' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Provedor do gateway')).toHaveValue('sandbox');
    await submit(user, dialog);
    await waitFor(() => expect(api.callsTo('PUT /ops/deposit-channels')).toHaveLength(1));
    const body = api.callsTo('PUT /ops/deposit-channels')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'gateway', method: 'pix', provider: 'sandbox' });
    expect(body).not.toHaveProperty('bankName');
  });

  it("shows the server's field refusal under that field and stays open", async () => {
    const api = stubOps({
      'PUT /ops/deposit-channels': fail('VALIDATION_FAILED', 400, { fields: [{ field: 'body.minMinor' }] }),
      'GET /ops/rewards/settings': ok({ jurisdiction: 'br' }),
    });
    const onClose = vi.fn();
    const user = setupUser();
    renderWithApp(<ChannelFormDialog channel={null} onClose={onClose} />, { role: 'admin' });
    const dialog = screen.getByRole('dialog');
    await fillBankChannel(user, dialog, { min: '10', max: '100' });
    await submit(user, dialog);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Depósito mínimo (BRL)')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(dialog).getByText('Alguns campos não são válidos.')).toBeInTheDocument();
    expect(api.callsTo('PUT /ops/deposit-channels')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a channel from its stored values written the Portuguese way', async () => {
    const channel: OpsDepositChannel = {
      id: '3',
      name: 'PIX',
      type: 'gateway',
      currency: 'BRL',
      minMinor: '1000',
      maxMinor: '5000000',
      feeFixedMinor: '0',
      feeBps: 150,
      enabled: true,
      sort: 2,
      bankName: null,
      accountNumber: null,
      accountHolder: null,
      provider: 'sandbox',
      method: 'pix',
      updatedAt: '2026-03-01T00:00:00Z',
    };
    const api = stubOps({
      'PUT /ops/deposit-channels': saved('PIX'),
      'GET /ops/rewards/settings': ok({ jurisdiction: 'br' }),
    });
    const user = setupUser();
    const onClose = vi.fn();
    renderWithApp(<ChannelFormDialog channel={channel} onClose={onClose} />, { role: 'admin' });
    const dialog = screen.getByRole('dialog', { name: 'Editar PIX' });
    expect(within(dialog).getByLabelText('Depósito mínimo (BRL)')).toHaveValue('10,00');
    expect(within(dialog).getByLabelText('Depósito máximo (BRL)')).toHaveValue('50000,00');
    expect(within(dialog).getByLabelText('Taxa percentual (%)')).toHaveValue('1,5');
    await fill(user, within(dialog).getByLabelText('Motivo'), 'sem mudança de valores');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar canal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT /ops/deposit-channels')[0]?.body).toMatchObject({
      id: '3',
      minMinor: '1000',
      maxMinor: '5000000',
      feeBps: 150,
      sort: 2,
    });
  });

  // Every amount of a channel is read by the shared money parser in the operator's language.
  it.each(TYPED_AMOUNTS)(
    'sends $typed typed as the minimum, maximum and fixed fee as $minor minor units',
    async ({ typed, minor }) => {
      const { api, user, dialog } = openNew();
      await fillBankChannel(user, dialog, { min: typed, max: typed });
      await fill(user, within(dialog).getByLabelText('Taxa fixa (BRL)'), typed);
      await submit(user, dialog);
      await waitFor(() => expect(api.callsTo('PUT /ops/deposit-channels')).toHaveLength(1));
      expect(api.callsTo('PUT /ops/deposit-channels')[0]?.body).toMatchObject({
        minMinor: minor,
        maxMinor: minor,
        feeFixedMinor: minor,
      });
    },
  );
});
