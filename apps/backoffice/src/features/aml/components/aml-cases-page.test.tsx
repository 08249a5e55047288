import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AmlCase } from '@wps/shared/schemas/aml';
import { ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { AmlCasesPage } from './aml-cases-page';

const amlCase = (over: Partial<AmlCase>): AmlCase => ({
  id: '7',
  memberId: '42',
  account: 'maria01',
  trigger: 'pep',
  status: 'open',
  summary: 'Politically exposed person found at sign-up (Deputado federal)',
  rating: 'high',
  assigneeId: null,
  assignee: null,
  openedBy: null,
  openedAt: '2026-11-27T12:00:00Z',
  updatedAt: '2026-11-27T12:00:00Z',
  notes: 0,
  ...over,
});

const page = (list: AmlCase[]) => ok({ list, total: list.length, page: 1, pageSize: 20, totalPages: 1 });

afterEach(() => vi.unstubAllGlobals());

describe('AmlCasesPage', () => {
  it('lists the cases with what opened them, the rating, the state and the assignee, each linking to its page', async () => {
    stubOps({
      'GET /ops/aml/cases': page([
        amlCase({}),
        amlCase({
          id: '8',
          account: 'joao02',
          trigger: 'signal',
          status: 'under_review',
          rating: 'medium',
          assigneeId: '3',
          assignee: 'ana.lima',
        }),
      ]),
    });
    renderWithApp(<AmlCasesPage />, { role: 'admin' });
    const first = (await screen.findByRole('rowheader', { name: 'Caso 7' })).closest('tr')!;
    expect(within(first).getByRole('link', { name: 'Caso 7' })).toHaveAttribute('href', '/compliance/aml/7');
    expect(first).toHaveTextContent('Pessoa exposta politicamente');
    expect(first).toHaveTextContent('Alto');
    expect(first).toHaveTextContent('Aberto');
    expect(first).toHaveTextContent('Ninguém');
    const second = screen.getByRole('rowheader', { name: 'Caso 8' }).closest('tr')!;
    expect(second).toHaveTextContent('Dinheiro entra e sai');
    expect(second).toHaveTextContent('Médio');
    expect(second).toHaveTextContent('Em análise');
    expect(second).toHaveTextContent('ana.lima');
  });

  it('filters by state, trigger and rating in the query, every filter off by default', async () => {
    const { callsTo } = stubOps({ 'GET /ops/aml/cases': page([]) });
    const user = setupUser();
    renderWithApp(<AmlCasesPage />, { role: 'finance' });
    expect(await screen.findByText('Nenhum caso com estes filtros.')).toBeInTheDocument();
    const first = callsTo('GET /ops/aml/cases')[0]!.url.searchParams;
    expect([first.get('status'), first.get('trigger'), first.get('rating')]).toEqual([null, null, null]);
    await user.selectOptions(screen.getByLabelText('Origem'), 'Pessoa exposta politicamente');
    await user.selectOptions(screen.getByLabelText('Risco'), 'Alto');
    await user.selectOptions(screen.getByLabelText('Situação'), 'Aguardando aprovação');
    await vi.waitFor(() => {
      const last = callsTo('GET /ops/aml/cases').at(-1)!.url.searchParams;
      expect([last.get('trigger'), last.get('rating'), last.get('status')]).toEqual([
        'pep',
        'high',
        'awaiting_approval',
      ]);
    });
  });

  it('opens a case on a player with the reason, the form refusing an id that is not a number', async () => {
    const { callsTo } = stubOps({
      'GET /ops/aml/cases': page([]),
      'POST /ops/aml/cases': ok({ id: '9' }),
    });
    const user = setupUser();
    const { location } = renderWithApp(<AmlCasesPage />, { role: 'admin', language: 'en' });
    const form = await screen.findByRole('form', { name: 'Open a case' });
    await user.type(within(form).getByLabelText('Player ID'), 'maria');
    await user.type(within(form).getByLabelText(/Why open it/), 'Split deposits');
    await user.click(within(form).getByRole('button', { name: 'Open case' }));
    expect(await within(form).findByText("Enter the player's numeric ID.")).toBeInTheDocument();
    expect(callsTo('POST /ops/aml/cases')).toEqual([]);
    await user.clear(within(form).getByLabelText('Player ID'));
    await user.type(within(form).getByLabelText('Player ID'), '42');
    await user.click(within(form).getByRole('button', { name: 'Open case' }));
    await vi.waitFor(() => expect(callsTo('POST /ops/aml/cases')).toHaveLength(1));
    expect(callsTo('POST /ops/aml/cases')[0]?.body).toEqual({ memberId: '42', summary: 'Split deposits' });
    await vi.waitFor(() => expect(location().pathname).toBe('/compliance/aml/9'));
  });
});
