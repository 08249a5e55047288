import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { opsRequest } from '../lib/api-client';
import { useListParams } from '../lib/list-params';
import { fail, ok, pending, renderWithApp, setupUser, stubOps, type OpsAnswer, type OpsCall } from '../lib/test-render';
import { DataTable, dataColumns } from './data-table';

type Row = { id: string; name: string; amount: number; locked: boolean };

const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor('name', { id: 'name', header: 'Nome', enableSorting: true, meta: { rowHeader: true } }),
  col.accessor('amount', { id: 'amount', header: 'Valor', enableSorting: true, meta: { numeric: true } }),
  col.accessor('locked', { id: 'locked', header: 'Bloqueado', cell: (info) => (info.getValue() ? 'sim' : 'não') }),
]);

function Harness({ bulk }: { bulk?: boolean }) {
  const params = useListParams({ filterKeys: ['status'], defaultSort: 'name', defaultOrder: 'asc' });
  const search = params.toQuery().toString();
  const query = useQuery({
    queryKey: ['rows', search],
    queryFn: () => opsRequest<OpsPage<Row>>(`/ops/rows?${search}`),
  });
  return (
    <DataTable
      caption="Linhas de teste"
      columns={columns}
      query={query}
      params={params}
      getRowId={(row) => row.id}
      emptyTitle="Nenhuma linha."
      canSelectRow={(row) => !row.locked}
      bulkActions={bulk ? (selected) => <button type="button">Aprovar {selected.length}</button> : undefined}
    />
  );
}

const rows: Row[] = [
  { id: '1', name: 'Ana', amount: 10, locked: false },
  { id: '2', name: 'Bruno', amount: 20, locked: true },
  { id: '3', name: 'Carla', amount: 30, locked: false },
];

const page = (overrides: Partial<OpsPage<Row>> = {}): OpsAnswer =>
  ok({ list: rows, total: 45, page: 1, pageSize: 20, totalPages: 3, ...overrides });

function stubRows(answer: OpsAnswer | ((call: OpsCall) => OpsAnswer) = page()) {
  return stubOps({ 'GET /ops/rows': answer });
}

const lastQuery = (api: ReturnType<typeof stubRows>) => api.callsTo('GET /ops/rows').at(-1)?.url.searchParams;

afterEach(() => vi.unstubAllGlobals());

describe('DataTable', () => {
  it('shows the rows under the caption, with the total and the page', async () => {
    const api = stubRows();
    renderWithApp(<Harness />);
    const table = await screen.findByRole('table', { name: 'Linhas de teste' });
    expect(within(table).getByRole('rowheader', { name: 'Ana' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('45 linhas')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(lastQuery(api)?.toString()).toBe('sort=name&order=asc&page=1&pageSize=20');
  });

  it('marks the sorted column and sorts by another header, back to page 1, in the address and the request', async () => {
    const user = setupUser();
    const api = stubRows();
    const view = renderWithApp(<Harness />, { route: '/?page=2' });
    const nameHeader = await screen.findByRole('columnheader', { name: /Nome/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Valor/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Bloqueado' })).not.toHaveAttribute('aria-sort');

    await user.click(within(screen.getByRole('columnheader', { name: /Valor/ })).getByRole('button'));
    const search = new URLSearchParams(view.location().search);
    expect(search.get('sort')).toBe('amount');
    expect(search.get('page')).toBeNull();
    await waitFor(() => expect(lastQuery(api)?.get('sort')).toBe('amount'));
    expect(lastQuery(api)?.get('page')).toBe('1');
  });

  it('turns the sorted column around on a second click', async () => {
    const user = setupUser();
    const api = stubRows();
    const view = renderWithApp(<Harness />, { route: '/?sort=amount&order=desc' });
    const amountHeader = await screen.findByRole('columnheader', { name: /Valor/ });
    expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(amountHeader).getByRole('button'));
    expect(new URLSearchParams(view.location().search).get('order')).toBe('asc');
    await waitFor(() => expect(lastQuery(api)?.get('order')).toBe('asc'));
  });

  it('pages forward and changes the page size (back to page 1)', async () => {
    const user = setupUser();
    const api = stubRows((call) => page({ page: Number(call.url.searchParams.get('page')) }));
    const view = renderWithApp(<Harness />);
    await user.click(await screen.findByRole('button', { name: 'Próxima' }));
    expect(new URLSearchParams(view.location().search).get('page')).toBe('2');
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
    expect(lastQuery(api)?.get('page')).toBe('2');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Linhas por página' }), '50');
    const search = new URLSearchParams(view.location().search);
    expect(search.get('pageSize')).toBe('50');
    expect(search.get('page')).toBeNull();
    await waitFor(() => expect(lastQuery(api)?.get('pageSize')).toBe('50'));
  });

  it('announces loading while the first page is on its way', () => {
    stubRows(pending);
    renderWithApp(<Harness />);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when nothing matches, without a pager', async () => {
    stubRows(page({ list: [], total: 0, totalPages: 0 }));
    renderWithApp(<Harness />);
    await screen.findByText('Nenhuma linha.');
    expect(screen.getByRole('status')).toHaveTextContent('Nenhuma linha.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Próxima' })).not.toBeInTheDocument();
  });

  it('shows a failed load translated, and tries again on request', async () => {
    const user = setupUser();
    let attempt = 0;
    const api = stubRows(() => (++attempt === 1 ? fail('OPERATOR_FORBIDDEN', 403) : page()));
    renderWithApp(<Harness />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sua função não permite esta ação.');
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('table', { name: 'Linhas de teste' })).toBeInTheDocument();
    expect(api.callsTo('GET /ops/rows')).toHaveLength(2);
  });

  it('selects only the rows it may act on, and counts them for the bulk actions', async () => {
    const user = setupUser();
    stubRows();
    renderWithApp(<Harness bulk />);
    await screen.findByRole('table');
    expect(screen.getByRole('checkbox', { name: 'Selecionar linha 2' })).toBeDisabled();
    const bar = screen.getByRole('region', { name: 'Ações para as linhas selecionadas' });
    expect(within(bar).getByRole('status')).toHaveTextContent('Nenhuma linha selecionada');

    await user.click(screen.getByRole('checkbox', { name: 'Selecionar todas as linhas desta página' }));
    expect(within(bar).getByRole('status')).toHaveTextContent('2 linhas selecionadas');
    expect(within(bar).getByRole('button', { name: 'Aprovar 2' })).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Limpar seleção' }));
    expect(within(bar).getByRole('status')).toHaveTextContent('Nenhuma linha selecionada');
  });

  it('empties the selection when the view changes (another page)', async () => {
    const user = setupUser();
    stubRows((call) => page({ page: Number(call.url.searchParams.get('page')) }));
    renderWithApp(<Harness bulk />);
    await user.click(await screen.findByRole('checkbox', { name: 'Selecionar linha 1' }));
    expect(screen.getByText('1 linha selecionada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Página 2 de 3');
    expect(screen.getByText('Nenhuma linha selecionada')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Selecionar linha 1' })).not.toBeChecked();
  });
});
