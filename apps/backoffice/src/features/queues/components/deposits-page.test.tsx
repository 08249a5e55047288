import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsDepositOrder } from '@wps/shared/schemas/deposit';
import { fail, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { DepositsPage } from './deposits-page';

const order = (over: Partial<OpsDepositOrder>): OpsDepositOrder => ({
  id: '31',
  channelId: '1',
  channelName: 'Transferência bancária',
  type: 'manual_bank',
  status: 'pending',
  currency: 'BRL',
  scale: 2,
  amount: '150.00',
  amountMinor: '15000',
  fee: '0.00',
  feeMinor: '0',
  credit: '150.00',
  creditMinor: '15000',
  referenceCode: 'DPABCDEFGH23',
  failureReason: null,
  createdAt: '2026-11-28T12:00:00Z',
  expiresAt: '2026-11-29T12:00:00Z',
  resolvedAt: null,
  bank: { bankName: 'Banco Demo S.A.', accountNumber: '0001 / 123456-7', accountHolder: 'Lumen Bet' },
  payUrl: null,
  method: 'bank_transfer',
  pixCode: null,
  payerCpfMasked: null,
  returnedAt: null,
  memberId: '9',
  account: 'maria01',
  providerRef: null,
  resolvedBy: null,
  payer: null,
  ...over,
});

const page = (list: OpsDepositOrder[]) => ok({ list, total: list.length, page: 1, pageSize: 20, totalPages: 1 });
/** A valid CPF (check digits 0 and 9) as a person types it. */
const CPF = '529.982.247-25';

afterEach(() => vi.unstubAllGlobals());

async function openConfirm() {
  const user = setupUser();
  renderWithApp(<DepositsPage />, { role: 'finance' });
  await user.click(await screen.findByRole('button', { name: 'Confirmar o depósito 31 do jogador maria01' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Confirmar o depósito 31 de maria01?' }) };
}

describe('DepositsPage: who paid a bank transfer', () => {
  it('asks for the payer as on the statement and sends it with the reason', async () => {
    const { callsTo } = stubOps({
      'GET /ops/deposits': page([order({})]),
      'POST /ops/deposits/31/confirm': ok(order({ status: 'credited' })),
    });
    const { user, dialog } = await openConfirm();
    await fill(user, within(dialog).getByLabelText('Nome do titular'), 'Maria Souza');
    await fill(user, within(dialog).getByLabelText('CPF do titular'), CPF);
    await fill(user, within(dialog).getByLabelText('Identificação no extrato'), 'E2E-778899');
    await fill(user, within(dialog).getByLabelText('Motivo'), 'linha de 28/11 no extrato');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    await vi.waitFor(() => expect(callsTo('POST /ops/deposits/31/confirm')).toHaveLength(1));
    // The shared schema sends the CPF as its 11 digits.
    expect(callsTo('POST /ops/deposits/31/confirm')[0]!.body).toEqual({
      reason: 'linha de 28/11 no extrato',
      payerName: 'Maria Souza',
      payerCpf: '52998224725',
      bankReference: 'E2E-778899',
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a CPF whose check digits fail before sending anything', async () => {
    const { callsTo } = stubOps({ 'GET /ops/deposits': page([order({})]) });
    const { user, dialog } = await openConfirm();
    await fill(user, within(dialog).getByLabelText('CPF do titular'), '529.982.247-26');
    await fill(user, within(dialog).getByLabelText('Motivo'), 'no extrato');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('Informe um CPF válido, com ou sem pontos e traço.')).toBeInTheDocument();
    expect(callsTo('POST /ops/deposits/31/confirm')).toHaveLength(0);
  });

  it("says to reject and return the money when the licence refuses another person's CPF; the dialog stays open", async () => {
    stubOps({
      'GET /ops/deposits': page([order({})]),
      'POST /ops/deposits/31/confirm': fail('DEPOSIT_PAYER_NOT_OWNER', 403, { reason: 'payer_not_owner' }),
    });
    const { user, dialog } = await openConfirm();
    await fill(user, within(dialog).getByLabelText('CPF do titular'), CPF);
    await fill(user, within(dialog).getByLabelText('Motivo'), 'no extrato');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(
      await within(dialog).findByText(
        'A licença só credita uma transferência do CPF do próprio jogador. Recuse este pedido e devolva o dinheiro a quem pagou.',
      ),
    ).toBeInTheDocument();
  });

  it('shows who paid a confirmed transfer, and the CPF a returned payment came from', async () => {
    stubOps({
      'GET /ops/deposits': page([
        order({
          id: '32',
          status: 'credited',
          payer: { name: 'Maria Souza', cpfMasked: '***.982.247-**', isPlayer: true, bankReference: 'E2E-778899' },
        }),
        order({ id: '33', status: 'credited', payer: null }),
        order({ id: '34', type: 'gateway', status: 'returned', payerCpfMasked: '***.111.222-**' }),
      ]),
    });
    renderWithApp(<DepositsPage />, { role: 'support' });
    const paid = (await screen.findByRole('rowheader', { name: '32' })).closest('tr')!;
    expect(paid).toHaveTextContent('Pagou: Maria Souza ***.982.247-** (CPF do jogador) Ref. E2E-778899');
    expect(screen.getByRole('rowheader', { name: '33' }).closest('tr')).not.toHaveTextContent('Pagou:');
    expect(screen.getByRole('rowheader', { name: '34' }).closest('tr')).toHaveTextContent('Devolvido a ***.111.222-**');
  });
});
