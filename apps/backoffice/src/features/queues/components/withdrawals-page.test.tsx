import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsWithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { WithdrawalsPage } from './withdrawals-page';

/** The signed-in operator of renderWithApp is operator 1. */
const order = (over: Partial<OpsWithdrawalOrder>): OpsWithdrawalOrder => ({
  id: '41',
  amount: '1500.00',
  amountMinor: '150000',
  currency: 'BRL',
  status: 'pending',
  confirmation: null,
  bankName: 'Banco do Brasil',
  accountNumberMasked: '****4321',
  holderName: 'Maria Silva',
  pixKeyType: null,
  pixKeyMasked: null,
  rejectReason: null,
  proofCount: 0,
  createdAt: '2026-11-27T12:00:00Z',
  approvedAt: null,
  rejectedAt: null,
  confirmDeadline: null,
  confirmedAt: null,
  memberId: '9',
  account: 'maria01',
  bankCode: '001',
  accountNumber: '87654321',
  pixKey: null,
  decidedAt: null,
  decidedBy: null,
  resolutionNote: null,
  resolvedAt: null,
  secondApproval: null,
  alerts: [],
  ...over,
});

const page = (list: OpsWithdrawalOrder[]) => ok({ list, total: list.length, page: 1, pageSize: 20, totalPages: 1 });

afterEach(() => vi.unstubAllGlobals());

describe('WithdrawalsPage: an approval waiting for a second operator', () => {
  it('marks the order and offers another operator to complete it; the asker gets no approve button', async () => {
    stubOps({
      'GET /ops/withdrawals': page([
        order({
          id: '41',
          account: 'maria01',
          secondApproval: {
            askedBy: '7',
            askedByName: 'ana.lima',
            askedAt: '2026-11-27T13:00:00Z',
            waitReasons: ['per_request'],
          },
        }),
        order({
          id: '42',
          account: 'joao02',
          secondApproval: {
            askedBy: '1',
            askedByName: 'operator.test',
            askedAt: '2026-11-27T13:05:00Z',
            waitReasons: ['operator_day'],
          },
          alerts: [
            {
              kind: 'credited_then_paid_out',
              operatorId: '1',
              operatorName: 'operator.test',
              raisedAt: '2026-11-27T13:05:00Z',
              creditCount: 2,
              creditedMinor: '30000',
              lastCreditAt: '2026-11-26T10:00:00Z',
              days: 7,
            },
          ],
        }),
      ]),
    });
    renderWithApp(<WithdrawalsPage />, { role: 'finance' });

    const other = (await screen.findByRole('rowheader', { name: '41' })).closest('tr')!;
    expect(within(other).getByRole('note')).toHaveTextContent(
      /Aguardando um segundo operador\. Aprovação pedida por ana\.lima\. Acima do valor de um pedido\./,
    );
    expect(
      within(other).getByRole('button', { name: 'Concluir a aprovação do saque 41 do jogador maria01' }),
    ).toBeInTheDocument();

    const own = screen.getByRole('rowheader', { name: '42' }).closest('tr')!;
    expect(within(own).queryByRole('button', { name: /aprova/i })).not.toBeInTheDocument();
    expect(own).toHaveTextContent('Você pediu esta aprovação: outro operador a conclui.');
    // Rejecting stays open to the asker: it pays nothing.
    expect(within(own).getByRole('button', { name: 'Recusar o saque 42 do jogador joao02' })).toBeInTheDocument();
    const notes = within(own).getAllByRole('note');
    expect(notes.map((n) => n.textContent)).toEqual([
      expect.stringMatching(/Aguardando um segundo operador.*Acima do total de saques aprovados pelo operador em 24 h/),
      expect.stringMatching(
        /Alerta: operator\.test creditou este jogador à mão \(2 créditos, R\$\s300,00\) nos últimos 7 dias/,
      ),
    ]);
  });

  it('an ordinary pending order shows neither mark and the usual approve button', async () => {
    stubOps({ 'GET /ops/withdrawals': page([order({ id: '43', account: 'rui03' })]) });
    renderWithApp(<WithdrawalsPage />, { role: 'finance' });
    const row = (await screen.findByRole('rowheader', { name: '43' })).closest('tr')!;
    expect(within(row).queryByRole('note')).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Aprovar o saque 43 do jogador rui03' })).toBeInTheDocument();
  });

  it('the alert filter lists the orders that raised an alert, in every status', async () => {
    const { calls } = stubOps({ 'GET /ops/withdrawals': page([]) });
    const user = setupUser();
    renderWithApp(<WithdrawalsPage />, { role: 'support' });
    await user.selectOptions(await screen.findByLabelText('Alertas'), 'Crédito manual e saque pelo mesmo operador');
    await user.selectOptions(screen.getByLabelText('Situação'), 'all');
    await vi.waitFor(() => {
      const last = calls.at(-1)!.url.searchParams;
      expect(last.get('alert')).toBe('credited_then_paid_out');
      expect(last.get('status')).toBeNull();
    });
  });
});

describe('WithdrawalsPage: the review deadline', () => {
  it('marks a pending order past its review deadline, in words; one within it carries no mark', async () => {
    stubOps({
      'GET /ops/withdrawals': page([
        order({ id: '51', account: 'ana05', reviewDueAt: '2026-03-01T12:00:00.000Z', reviewOverdue: true }),
        order({ id: '52', account: 'rui06', reviewDueAt: '2099-03-01T12:00:00.000Z', reviewOverdue: false }),
      ]),
    });
    renderWithApp(<WithdrawalsPage />, { role: 'finance' });
    const late = (await screen.findByRole('rowheader', { name: '51' })).closest('tr')!;
    expect(within(late).getByRole('note')).toHaveTextContent(/^Análise atrasada desde 01\/03\/2026/);
    const onTime = screen.getByRole('rowheader', { name: '52' }).closest('tr')!;
    expect(within(onTime).queryByRole('note')).not.toBeInTheDocument();
  });
});
