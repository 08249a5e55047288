import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, pending, renderWithProviders, stubApi, type ApiCall } from '../../../lib/test-render';
import { TransactionHistory } from './transaction-history';

const at = new Date(2026, 10, 23, 8, 5, 12).toISOString();

const page = (call: ApiCall) => {
  const n = Number(call.query.get('page'));
  return ok({
    currency: 'BRL',
    scale: 2,
    page: n,
    totalPages: 3,
    list: [
      { id: `${n}-1`, type: 'deposit', amount: '1500.00', balanceAfter: '1530.50', createdAt: at },
      { id: `${n}-2`, type: 'withdrawal', amount: '-30.50', balanceAfter: '30.50', createdAt: at },
      { id: `${n}-3`, type: 'some_future_kind', amount: '1.00', balanceAfter: '61.00', createdAt: at },
    ],
  });
};

async function renderHistory(answer: Parameters<typeof stubApi>[0][string] = page) {
  const api = stubApi({ 'GET /wps/member/transactions': answer });
  const view = await renderWithProviders(<TransactionHistory />);
  return { ...view, api, requests: () => api.callsTo('GET /wps/member/transactions').map((c) => c.query) };
}

describe('TransactionHistory', () => {
  it('shows a loading state, then the empty note', async () => {
    const { unmount } = await renderHistory(pending);
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    unmount();
    await renderHistory(ok({ currency: 'BRL', scale: 2, page: 1, totalPages: 0, list: [] }));
    expect(
      await screen.findByText('Nenhuma movimentação neste período. Tente um período maior ou outro tipo.'),
    ).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    await renderHistory(fail('TOO_MANY_REQUESTS', 429));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pedidos demais. Tente novamente em 5 minutos.');
  });

  it('lists each movement with its date, named kind and signed amounts in reais', async () => {
    await renderHistory();
    const rows = await screen.findAllByTestId('account-record-row');
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells(rows[0]!)).toEqual(['23/11/2026 08:05:12', 'Depósito', 'R$ 1.500,00', 'R$ 1.530,50']);
    expect(cells(rows[1]!)[1]).toBe('Saque');
    expect(cells(rows[1]!)[2]).toBe('-R$ 30,50');
    // A kind this build does not know is never shown as its raw code.
    expect(cells(rows[2]!)[1]).toBe('Outro movimento');
    expect(screen.getByRole('columnheader', { name: 'Saldo após' })).toBeInTheDocument();
  });

  it('pages forward and back', async () => {
    const { user, requests } = await renderHistory();
    await screen.findAllByTestId('account-record-row');
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
    expect(requests().at(-1)!.get('page')).toBe('2');
    expect(requests().at(-1)!.get('pageSize')).toBe('20');
  });

  it('filters by kind from the first page', async () => {
    const { user, requests } = await renderHistory();
    await screen.findAllByTestId('account-record-row');
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Página 2 de 3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'Saque');
    await screen.findByText('Página 1 de 3');
    expect(requests().at(-1)!.get('type')).toBe('withdrawal');
    expect(requests().at(-1)!.get('page')).toBe('1');
  });
});
