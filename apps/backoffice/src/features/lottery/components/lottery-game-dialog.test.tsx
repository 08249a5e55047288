import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsLotteryGame } from '@wps/shared/schemas/lottery-ops';
import { TYPED_AMOUNTS, fail, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { LotteryGameDialog } from './lottery-game-dialog';

// The paytable editor is a part of this form: its cells are tested through the dialog that
// registers them, as an operator meets them.
const game: OpsLotteryGame = {
  code: 'quick5',
  name: 'Loto Rápida',
  family: 'keno',
  prizeMode: 'Elott',
  groupCode: 'quick',
  region: null,
  intervalSeconds: 180,
  drawTime: null,
  drawZone: null,
  nextSchedule: null,
  closeBeforeSeconds: 30,
  resultSource: 'fair',
  resultCountry: null,
  hiddenByLicence: false,
  paytable: {
    head: { kind: 'fixed', multiplierBp: 98000 },
    pair: { kind: 'variant', multiplierBp: { big: 19500, small: 20000 } },
    spot: { kind: 'hits', multiplierBp: { '2': [0, 5000, 90000] } },
    lo: { kind: 'fixed', multiplierBp: 800000 },
  },
  limits: {
    minStakeMinor: '100',
    maxStakeMinor: '100000',
    perKeyMinor: '500000',
    perTicketMinor: '1000000',
    perDrawMinor: '150000000',
  },
  status: 'active',
  sortOrder: 1,
  edges: [],
};

function openDialog(answer = ok(game)) {
  const api = stubOps({ 'PUT /ops/lottery/games/quick5': answer });
  const onClose = vi.fn();
  renderWithApp(<LotteryGameDialog game={game} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Editar Loto Rápida' });
  return { api, onClose, dialog, user: setupUser() };
}

const cell = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name: `Multiplicador: ${name}` });
const save = (user: ReturnType<typeof setupUser>, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

afterEach(() => vi.unstubAllGlobals());

describe('LotteryGameDialog and its paytable editor', () => {
  it('shows one multiplier per bet type, variant and number of hits, written the Portuguese way', () => {
    const { dialog } = openDialog();
    const paytable = within(dialog).getByRole('group', { name: 'Tabela de pagamentos' });
    expect(within(paytable).getAllByRole('textbox')).toHaveLength(7);
    expect(cell(dialog, 'head · Prêmio')).toHaveValue('9,8');
    // A known bet type by its name, not its code.
    expect(within(paytable).getByRole('heading', { name: 'Lô' })).toBeInTheDocument();
    expect(cell(dialog, 'Lô · Prêmio')).toHaveValue('80');
    expect(cell(dialog, 'pair · big')).toHaveValue('1,95');
    expect(cell(dialog, 'spot, 2 números · 2 acertos')).toHaveValue('9');
    expect(cell(dialog, 'spot, 2 números · 0 acerto')).toHaveValue('0');
    expect(within(dialog).getByLabelText('Aposta mínima por linha')).toHaveValue('1,00');
    expect(within(dialog).getByLabelText('Pagamento por sorteio')).toHaveValue('1500000,00');
  });

  it('sends the edited multipliers in basis points and the limits in minor units', async () => {
    const { api, onClose, dialog, user } = openDialog();
    await fill(user, cell(dialog, 'head · Prêmio'), '9.75');
    await fill(user, cell(dialog, 'spot, 2 números · 1 acerto'), '0,5001');
    await fill(user, within(dialog).getByLabelText('Aposta mínima por linha'), '0,50');
    await fill(user, within(dialog).getByLabelText('Aposta máxima por linha'), '1.500,00');
    await fill(user, within(dialog).getByLabelText('Risco por número'), '30.50');
    await user.selectOptions(within(dialog).getByLabelText('Intervalo entre sorteios'), '300');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'nova tabela aprovada');
    await save(user, dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.callsTo('PUT /ops/lottery/games/quick5')[0]?.body as Record<string, unknown>;
    expect(body.paytable).toEqual({
      head: { kind: 'fixed', multiplierBp: 97500 },
      pair: { kind: 'variant', multiplierBp: { big: 19500, small: 20000 } },
      spot: { kind: 'hits', multiplierBp: { '2': [0, 5001, 90000] } },
      lo: { kind: 'fixed', multiplierBp: 800000 },
    });
    expect(body.limits).toEqual({
      minStakeMinor: '50',
      maxStakeMinor: '150000',
      perKeyMinor: '3050',
      perTicketMinor: '1000000',
      perDrawMinor: '150000000',
    });
    expect(body).toMatchObject({
      schedule: { intervalSeconds: 300 },
      reason: 'nova tabela aprovada',
      status: 'active',
    });
  });

  it('marks a multiplier it cannot read and sends nothing', async () => {
    const { api, dialog, user } = openDialog();
    await fill(user, cell(dialog, 'pair · small'), '2,00001');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'nova tabela');
    await save(user, dialog);
    expect(
      await within(dialog).findByText('Digite cada multiplicador como um número com até 4 casas decimais (ex.: 9,8).'),
    ).toBeInTheDocument();
    expect(cell(dialog, 'pair · small')).toHaveAttribute('aria-invalid', 'true');
    expect(cell(dialog, 'pair · big')).not.toHaveAttribute('aria-invalid');
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a zero or unreadable limit, a cut-off out of range and a missing reason', async () => {
    const { api, dialog, user } = openDialog();
    await fill(user, within(dialog).getByLabelText('Aposta mínima por linha'), '0');
    await fill(user, within(dialog).getByLabelText('Pagamento por bilhete'), 'dez');
    await fill(user, within(dialog).getByLabelText('Fechamento antes do sorteio (segundos)'), '2');
    await save(user, dialog);
    expect(await within(dialog).findAllByText('Digite um valor acima de zero, como 10,00.')).toHaveLength(2);
    expect(within(dialog).getByText('Digite um número inteiro de segundos de 5 a 86400.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe um motivo com pelo menos 3 caracteres.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const { onClose, dialog, user } = openDialog(fail('VALIDATION_FAILED'));
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'nova tabela');
    await save(user, dialog);
    expect(await within(dialog).findByText('Alguns campos não são válidos.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  // Every limit is read by the shared money parser in the operator's language.
  it.each(TYPED_AMOUNTS)('sends $typed typed in each limit as $minor minor units', async ({ typed, minor }) => {
    const { api, onClose, dialog, user } = openDialog();
    const labels = [
      'Aposta mínima por linha',
      'Aposta máxima por linha',
      'Risco por número',
      'Pagamento por bilhete',
      'Pagamento por sorteio',
    ];
    for (const label of labels) await fill(user, within(dialog).getByLabelText(label), typed);
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'limites revistos');
    await save(user, dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((api.callsTo('PUT /ops/lottery/games/quick5')[0]?.body as Record<string, unknown>).limits).toEqual({
      minStakeMinor: minor,
      maxStakeMinor: minor,
      perKeyMinor: minor,
      perTicketMinor: minor,
      perDrawMinor: minor,
    });
  });
});
