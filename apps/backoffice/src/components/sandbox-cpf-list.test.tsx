import { screen, within } from '@testing-library/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '@wps/ui/text-field';
import { opsRequest } from '../lib/api-client';
import { fail, fill, ok, renderWithApp, setupUser, stubOps } from '../lib/test-render';
import { useOpsMutation } from '../lib/use-ops-mutation';
import {
  SandboxCpfListPage,
  checkedCpfSchema,
  type SandboxCpfAddForm,
  type SandboxCpfList,
  type SandboxCpfListApi,
  type SandboxCpfListLabels,
} from './sandbox-cpf-list';

// A feature of its own, as the barred-persons and PEP pages are: its api hooks over its routes,
// its words, a column and an add form with one field of its own.
type Entry = { id: string; cpfMasked: string; addedAt: string; source: string };
type AddBody = { cpf: string; source: string };

const listKey = ['test', 'cpf-list'] as const;
const api: SandboxCpfListApi<Entry, AddBody> = {
  useList: () =>
    useQuery(
      queryOptions({ queryKey: listKey, queryFn: () => opsRequest<SandboxCpfList<Entry>>('/ops/test/cpf-list') }),
    ),
  useAdd: (successText) =>
    useOpsMutation({
      mutationFn: (body: AddBody) => opsRequest<{ id: string }>('/ops/test/cpf-list', { method: 'POST', body }),
      invalidates: [listKey],
      successText,
    }),
  useRemove: (successText) =>
    useOpsMutation({
      mutationFn: ({ id, note }: { id: string; note: string }) =>
        opsRequest<{ removed: true }>(`/ops/test/cpf-list/${id}/remove`, { method: 'POST', body: { note } }),
      invalidates: [listKey],
      successText,
    }),
};

const labels: SandboxCpfListLabels = {
  documentTitle: 'Lista de teste · Back office',
  title: 'Lista de teste',
  intro: 'Os CPFs que o provedor de teste responde.',
  loading: 'Carregando a lista…',
  off: 'O provedor de teste está desligado.',
  empty: 'Nenhum CPF listado.',
  caption: 'CPFs listados',
  columns: { cpf: 'CPF', added: 'Listado em', actions: 'Ações' },
  addTitle: 'Listar um CPF',
  cpfLabel: 'CPF',
  cpfError: 'Informe um CPF válido.',
  add: 'Listar',
  added: 'CPF listado.',
  remove: 'Remover',
  removeFor: (cpf) => `Remover ${cpf} da lista`,
  removeTitle: (cpf) => `Remover ${cpf}`,
  removeNoteLabel: 'Motivo',
  removeHint: 'Vai para o registro de auditoria.',
  removeNoteError: 'Escreva de 3 a 500 caracteres.',
  removed: (cpf) => `${cpf} removido da lista.`,
};

const addForm: SandboxCpfAddForm<AddBody> = {
  resolver: zodResolver(z.object({ cpf: checkedCpfSchema, source: z.string().trim().min(2) })),
  defaultValues: { cpf: '', source: 'ofício' },
  // The feature keeps its source for the next CPF.
  valuesAfterAdd: (sent) => ({ cpf: '', source: sent.source }),
  fields: (form) => (
    <TextField
      label="Fonte"
      error={form.formState.errors.source ? 'Diga a fonte.' : undefined}
      {...form.register('source')}
    />
  ),
};

const entry: Entry = { id: '3', cpfMasked: '***.982.247-**', addedAt: '2026-11-27T12:00:00Z', source: 'Tribunal' };

function renderList(canWrite: boolean) {
  renderWithApp(
    <SandboxCpfListPage
      api={api}
      labels={labels}
      columns={[{ key: 'source', header: 'Fonte', cell: (e) => e.source }]}
      addForm={addForm}
      removeSchema={z.object({ note: z.string().trim().min(3).max(500) })}
      canWrite={canWrite}
    />,
  );
  return setupUser();
}

afterEach(() => vi.unstubAllGlobals());

describe('SandboxCpfListPage', () => {
  it("lists the masked CPFs with the feature's columns, and titles the page", async () => {
    stubOps({ 'GET /ops/test/cpf-list': ok({ list: [entry], sandbox: true }) });
    renderList(true);
    expect(screen.getByRole('heading', { name: 'Lista de teste', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'CPFs listados' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['CPF', 'Fonte', 'Listado em', 'Ações']);
    const row = within(table).getByRole('rowheader', { name: '***.982.247-**' }).closest('tr')!;
    expect(row).toHaveTextContent('Tribunal');
    expect(within(row).getByRole('button', { name: 'Remover ***.982.247-** da lista' })).toBeInTheDocument();
    expect(document.title).toBe('Lista de teste · Back office');
  });

  it("refuses a CPF whose check digits are wrong, then sends it as digits with the feature's fields", async () => {
    const server = stubOps({
      'GET /ops/test/cpf-list': ok({ list: [], sandbox: true }),
      'POST /ops/test/cpf-list': ok({ id: '4' }),
    });
    const user = renderList(true);
    expect(await screen.findByText('Nenhum CPF listado.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Listar um CPF' });
    await fill(user, within(form).getByLabelText(/CPF/), '123.456.789-00');
    await fill(user, within(form).getByLabelText('Fonte'), 'Diário Oficial');
    await user.click(within(form).getByRole('button', { name: 'Listar' }));
    expect(await within(form).findByText('Informe um CPF válido.')).toBeInTheDocument();
    expect(server.callsTo('POST /ops/test/cpf-list')).toEqual([]);

    await fill(user, within(form).getByLabelText(/CPF/), '529.982.247-25');
    await user.click(within(form).getByRole('button', { name: 'Listar' }));
    await vi.waitFor(() => expect(server.callsTo('POST /ops/test/cpf-list')).toHaveLength(1));
    expect(server.callsTo('POST /ops/test/cpf-list')[0]?.body).toEqual({
      cpf: '52998224725',
      source: 'Diário Oficial',
    });
    // The CPF is cleared for the next one; what the feature keeps stays.
    await vi.waitFor(() => expect(within(form).getByLabelText(/CPF/)).toHaveValue(''));
    expect(within(form).getByLabelText('Fonte')).toHaveValue('Diário Oficial');
  });

  it('takes a CPF off with a reason, refusing one too short, and keeps the dialog open when the call fails', async () => {
    let fails = true;
    const server = stubOps({
      'GET /ops/test/cpf-list': ok({ list: [entry], sandbox: true }),
      'POST /ops/test/cpf-list/3/remove': () => (fails ? fail('TOO_MANY_REQUESTS', 429) : ok({ removed: true })),
    });
    const user = renderList(true);
    await user.click(await screen.findByRole('button', { name: 'Remover ***.982.247-** da lista' }));
    const dialog = screen.getByRole('dialog', { name: 'Remover ***.982.247-**' });
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await within(dialog).findByText('Escreva de 3 a 500 caracteres.')).toBeInTheDocument();
    expect(server.callsTo('POST /ops/test/cpf-list/3/remove')).toEqual([]);

    await fill(user, within(dialog).getByLabelText(/Motivo/), 'ofício revogado');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await within(dialog).findByText('Tentativas demais. Aguarde um pouco.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Remover ***.982.247-**' })).toBeInTheDocument();

    fails = false;
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST /ops/test/cpf-list/3/remove').map((c) => c.body)).toEqual([
      { note: 'ofício revogado' },
      { note: 'ofício revogado' },
    ]);
  });

  it('offers neither the form nor the remove buttons to who cannot change the list', async () => {
    stubOps({ 'GET /ops/test/cpf-list': ok({ list: [entry], sandbox: true }) });
    renderList(false);
    const table = await screen.findByRole('table', { name: 'CPFs listados' });
    expect(within(table).queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Listar um CPF' })).not.toBeInTheDocument();
  });

  it('says the sandbox is off where it is, with no table and no form', async () => {
    stubOps({ 'GET /ops/test/cpf-list': ok({ list: [], sandbox: false }) });
    renderList(true);
    expect(await screen.findByText('O provedor de teste está desligado.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Listar um CPF' })).not.toBeInTheDocument();
  });
});
