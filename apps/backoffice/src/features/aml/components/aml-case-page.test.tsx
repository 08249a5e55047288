import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AmlCaseDetail, AmlCoafReport } from '@wps/shared/schemas/aml';
import { fail, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { AmlCasePage } from './aml-case-page';

/** The signed-in operator of renderWithApp is operator 1. */
const detail = (over: Partial<AmlCaseDetail>): AmlCaseDetail => ({
  id: '7',
  memberId: '42',
  account: 'maria01',
  trigger: 'pep',
  status: 'under_review',
  summary: 'Politically exposed person found at sign-up (Deputado federal)',
  rating: 'high',
  assigneeId: '1',
  assignee: 'operator.test',
  openedBy: null,
  openedAt: '2026-11-27T12:00:00Z',
  updatedAt: '2026-11-27T12:00:00Z',
  notes: 1,
  player: {
    memberId: '42',
    account: 'maria01',
    rating: 'high',
    points: 6,
    reasons: [
      { kind: 'pep', rule: null, count: 1, points: 4, detail: 'Deputado federal' },
      { kind: 'signal', rule: 'deposits_rising', count: 1, points: 2, detail: null },
    ],
    pep: 'pep',
    pepRole: 'Deputado federal',
    pepCheckedAt: '2026-11-27T12:00:00Z',
    ratedAt: '2026-11-27T12:00:00Z',
  },
  openingReasons: [{ kind: 'pep', rule: null, count: 1, points: 4, detail: 'Deputado federal' }],
  noteList: [
    {
      id: '1',
      operatorId: '3',
      operator: 'ana.lima',
      body: 'Cargo confirmado no portal.',
      createdAt: '2026-11-27T13:00:00Z',
    },
  ],
  filing: null,
  dismissal: null,
  ...over,
});

const filing = (proposedById: string): NonNullable<AmlCaseDetail['filing']> => ({
  narrative: 'Depósitos de R$ 49 em sequência, sacados no dia seguinte.',
  proposedById,
  proposedBy: proposedById === '1' ? 'operator.test' : 'ana.lima',
  proposedAt: '2026-11-27T14:00:00Z',
  approvedBy: null,
  approvedAt: null,
  sender: null,
  protocol: null,
  filedAt: null,
});

function openCase(amlCase: AmlCaseDetail, extra: Parameters<typeof stubOps>[0] = {}) {
  const api = stubOps({ 'GET /ops/aml/cases/7': ok(amlCase), ...extra });
  renderWithApp(<AmlCasePage />, { role: 'admin', route: '/compliance/aml/7', path: '/compliance/aml/:caseId' });
  return { api, user: setupUser() };
}

afterEach(() => vi.unstubAllGlobals());

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

describe('AmlCasePage', () => {
  it("shows the player's rating with its reasons and PEP status, the notes, and what opened the case", async () => {
    openCase(detail({}));
    expect(await screen.findByRole('heading', { name: 'Caso 7: Pessoa exposta politicamente' })).toBeInTheDocument();
    const standing = screen.getByRole('region', { name: 'Risco do jogador agora' });
    expect(standing).toHaveTextContent('Alto · 6 pontos');
    expect(standing).toHaveTextContent('Sim · Deputado federal');
    expect(within(standing).getByRole('list', { name: 'Motivos do risco' })).toHaveTextContent(
      /Pessoa exposta politicamente \(Deputado federal\) \+4.*Depósitos subindo rápido: 1 alerta\(s\) nos últimos 90 dias \+2/,
    );
    expect(screen.getByRole('list', { name: 'Notas' })).toHaveTextContent('Cargo confirmado no portal.');
    expect(screen.getByText('Sistema', { exact: false })).toBeInTheDocument();
  });

  it('proposes the filing with its narrative, refusing one too short', async () => {
    const { api, user } = openCase(detail({}), {
      'POST /ops/aml/cases/7/propose-filing': ok(detail({ status: 'awaiting_approval', filing: filing('1') })),
    });
    const form = await screen.findByRole('form', { name: 'Propor a comunicação ao COAF' });
    await user.type(within(form).getByLabelText('Relato'), 'curto');
    await user.click(within(form).getByRole('button', { name: 'Propor comunicação' }));
    expect(await within(form).findByText('Escreva ao menos 20 caracteres (até 4.000).')).toBeInTheDocument();
    expect(api.callsTo('POST /ops/aml/cases/7/propose-filing')).toEqual([]);
    const narrative = 'Depósitos de R$ 49 em sequência, sacados no dia seguinte.';
    await user.clear(within(form).getByLabelText('Relato'));
    await user.type(within(form).getByLabelText('Relato'), narrative);
    await user.click(within(form).getByRole('button', { name: 'Propor comunicação' }));
    await vi.waitFor(() => expect(api.callsTo('POST /ops/aml/cases/7/propose-filing')).toHaveLength(1));
    expect(api.callsTo('POST /ops/aml/cases/7/propose-filing')[0]?.body).toEqual({ narrative });
  });

  it('tells the proposer a second operator approves, offering them no approval', async () => {
    openCase(detail({ status: 'awaiting_approval', filing: filing('1') }));
    expect(await screen.findByText('Você propôs esta comunicação: outro operador a aprova.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprovar e enviar ao COAF' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Devolver para análise' })).toBeInTheDocument();
  });

  it("lets another operator approve the filing, and shows the server's refusal when sending fails", async () => {
    const { api, user } = openCase(detail({ status: 'awaiting_approval', filing: filing('3') }), {
      'POST /ops/aml/cases/7/approve-filing': fail('AML_REPORT_UNAVAILABLE', 503),
    });
    const filingSection = await screen.findByRole('region', { name: 'Comunicação ao COAF' });
    expect(filingSection).toHaveTextContent('ana.lima');
    expect(filingSection).toHaveTextContent('Aguardando um segundo operador');
    await user.click(screen.getByRole('button', { name: 'Aprovar e enviar ao COAF' }));
    expect(
      await screen.findByText('O relatório não pôde ser enviado ao COAF agora; nada foi comunicado. Tente mais tarde.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /ops/aml/cases/7/approve-filing')).toHaveLength(1);
  });

  it('shows a filed case with its protocol and no steps left, and downloads the report as JSON', async () => {
    const report = { format: 'wps-coaf-v1', reference: 'AML-7', status: 'filed' } as AmlCoafReport;
    // jsdom has no object URLs: the file handed to the download is kept here instead.
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:report';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { api, user } = openCase(
      detail({
        status: 'filed',
        filing: {
          ...filing('3'),
          approvedBy: 'operator.test',
          approvedAt: '2026-11-27T15:00:00Z',
          sender: 'sandbox',
          protocol: 'SBX-COAF-0123456789AB',
          filedAt: '2026-11-27T15:00:01Z',
        },
      }),
      { 'GET /ops/aml/cases/7/report': ok(report) },
    );
    const filingSection = await screen.findByRole('region', { name: 'Comunicação ao COAF' });
    expect(filingSection).toHaveTextContent('SBX-COAF-0123456789AB');
    expect(screen.queryByRole('region', { name: 'Ações' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Baixar o relatório enviado ao COAF (JSON)' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.callsTo('GET /ops/aml/cases/7/report')).toHaveLength(1);
    expect(JSON.parse(await readText(created[0]!))).toEqual(report);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('coaf-AML-7.json');
    click.mockRestore();
  });
});
