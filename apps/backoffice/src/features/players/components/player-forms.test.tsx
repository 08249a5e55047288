import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerProfile } from './player-profile.fixture';
import { fail, fill, ok, renderWithApp, setupUser, stubOps, type OpsAnswer } from '../../../lib/test-render';
import { AdjustmentDialog, MessageDialog, PayeeNameDialog } from './player-forms';

const player = playerProfile({ hasPaymentPassword: true });

const adjustment = (status: 'posted' | 'pending') => ({ id: '7', status });

function stubAdjustments(post: OpsAnswer | (() => OpsAnswer) = ok(adjustment('posted'))) {
  return stubOps({
    'GET /ops/adjustment-settings': ok({ approvalThresholdMinor: '100000' }),
    'POST /ops/players/42/adjustments': typeof post === 'function' ? post : post,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('AdjustmentDialog', () => {
  async function requestAdjustment(amount: string, options: { debit?: boolean } = {}) {
    const user = setupUser();
    const onClose = vi.fn();
    renderWithApp(<AdjustmentDialog player={player} open onClose={onClose} />);
    if (options.debit) await user.click(screen.getByRole('radio', { name: 'Débito' }));
    await fill(user, screen.getByLabelText('Valor (BRL)'), amount);
    await fill(user, screen.getByLabelText('Motivo (fica no registro de auditoria)'), 'crédito de cortesia');
    await user.click(screen.getByRole('button', { name: 'Solicitar ajuste' }));
    return { user, onClose };
  }

  it('says above which amount an adjustment waits for a second operator', async () => {
    stubAdjustments();
    renderWithApp(<AdjustmentDialog player={player} open onClose={vi.fn()} />);
    expect(
      await screen.findByText(/Ajustes acima de R\$\s1\.000,00 aguardam a aprovação de outro operador\./),
    ).toBeInTheDocument();
  });

  it('sends "1500" as 150000 minor units with the direction, kind, reason and a key', async () => {
    const api = stubAdjustments();
    const { onClose } = await requestAdjustment('1500', { debit: true });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.callsTo('POST /ops/players/42/adjustments');
    expect(call?.body).toEqual({
      direction: 'debit',
      kind: 'goodwill',
      amountMinor: '150000',
      reason: 'crédito de cortesia',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('reads "30.50" as 3050 minor units', async () => {
    const api = stubAdjustments();
    const { onClose } = await requestAdjustment('30.50');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /ops/players/42/adjustments')[0]?.body).toMatchObject({
      direction: 'credit',
      amountMinor: '3050',
    });
  });

  // A Portuguese operator types amounts as Portuguese writes them.
  it('reads "30,50" (the Portuguese decimal comma) as 3050 minor units', async () => {
    const api = stubAdjustments();
    await requestAdjustment('30,50');
    await waitFor(
      () => expect(api.callsTo('POST /ops/players/42/adjustments')[0]?.body).toMatchObject({ amountMinor: '3050' }),
      { timeout: 300 },
    );
  });

  it.each(['1.500,00', '1500,00'])('reads "%s" (Portuguese grouping or none) as 150000 minor units', async (typed) => {
    const api = stubAdjustments();
    await requestAdjustment(typed);
    await waitFor(
      () => expect(api.callsTo('POST /ops/players/42/adjustments')[0]?.body).toMatchObject({ amountMinor: '150000' }),
      { timeout: 300 },
    );
  });

  it('refuses "0" as not above zero and sends nothing', async () => {
    const api = stubAdjustments();
    const { onClose } = await requestAdjustment('0');
    expect(await screen.findByText('Informe um valor acima de zero.')).toBeInTheDocument();
    expect(screen.getByLabelText('Valor (BRL)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /ops/players/42/adjustments')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  // "10,555": three decimals in Portuguese ("10.555" is ten thousand five hundred and fifty-five
  // there). Failed before: these were told to be "above zero", which says nothing of the fault.
  it.each(['abc', '10,555'])('says how to write "%s" under the field and sends nothing', async (amount) => {
    const api = stubAdjustments();
    const { onClose } = await requestAdjustment(amount);
    expect(
      await screen.findByText('Informe um valor como 1.500,00, com no máximo 2 casas decimais.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Informe um valor acima de zero.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Valor (BRL)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /ops/players/42/adjustments')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for a reason of at least three characters', async () => {
    const user = setupUser();
    const api = stubAdjustments();
    renderWithApp(<AdjustmentDialog player={player} open onClose={vi.fn()} />);
    await fill(user, screen.getByLabelText('Valor (BRL)'), '10');
    await fill(user, screen.getByLabelText('Motivo (fica no registro de auditoria)'), 'ok');
    await user.click(screen.getByRole('button', { name: 'Solicitar ajuste' }));
    expect(await screen.findByText('Informe um motivo com pelo menos 3 caracteres.')).toBeInTheDocument();
    expect(api.callsTo('POST /ops/players/42/adjustments')).toHaveLength(0);
  });

  it('stays open with the translated error when the server refuses the debit', async () => {
    stubAdjustments(fail('INSUFFICIENT_FUNDS', 409));
    const { onClose } = await requestAdjustment('30.50', { debit: true });
    expect(await screen.findByText('O saldo do jogador não cobre este débito.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Ajustar saldo' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the same idempotency key again after a lost answer, so the retry finds the first adjustment', async () => {
    let attempt = 0;
    const api = stubAdjustments(() => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('network down');
      return ok(adjustment('pending'));
    });
    const { user, onClose } = await requestAdjustment('20');
    expect(
      await screen.findByText('Não foi possível falar com o servidor. Verifique sua conexão.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Solicitar ajuste' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [first, second] = api.callsTo('POST /ops/players/42/adjustments');
    expect(second?.body).toEqual(first?.body);
  });
});

describe('PayeeNameDialog', () => {
  it('starts from the current name and sends the corrected one with the reason', async () => {
    const user = setupUser();
    const api = stubOps({ 'PUT /ops/players/42/payee-name': ok({}) });
    const onClose = vi.fn();
    renderWithApp(<PayeeNameDialog player={player} open onClose={onClose} />);
    const name = screen.getByLabelText('Nome do titular');
    expect(name).toHaveValue('João da Silva');
    await fill(user, name, 'João Pereira da Silva');
    await fill(user, screen.getByLabelText('Motivo (fica no registro de auditoria)'), 'documento conferido');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT /ops/players/42/payee-name')[0]?.body).toEqual({
      payeeName: 'João Pereira da Silva',
      reason: 'documento conferido',
    });
  });

  it('refuses an empty name under the field without calling the server', async () => {
    const user = setupUser();
    const api = stubOps({ 'PUT /ops/players/42/payee-name': fail('VALIDATION_FAILED') });
    renderWithApp(<PayeeNameDialog player={player} open onClose={vi.fn()} />);
    await fill(user, screen.getByLabelText('Nome do titular'), '');
    await fill(user, screen.getByLabelText('Motivo (fica no registro de auditoria)'), 'documento conferido');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText(/Informe o nome real do jogador\.|Alguns campos não são válidos\./, undefined, {
      timeout: 300,
    });
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's refusal of a name its rule rejects, and stays open", async () => {
    const user = setupUser();
    stubOps({ 'PUT /ops/players/42/payee-name': fail('VALIDATION_FAILED') });
    const onClose = vi.fn();
    renderWithApp(<PayeeNameDialog player={player} open onClose={onClose} />);
    await fill(user, screen.getByLabelText('Nome do titular'), 'X');
    await fill(user, screen.getByLabelText('Motivo (fica no registro de auditoria)'), 'documento conferido');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Alguns campos não são válidos.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('MessageDialog', () => {
  it('needs a title and a message, then sends them', async () => {
    const user = setupUser();
    const api = stubOps({ 'POST /ops/players/42/messages': ok({}) });
    const onClose = vi.fn();
    renderWithApp(<MessageDialog player={player} open onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findAllByText('Obrigatório.')).toHaveLength(2);
    expect(api.calls).toHaveLength(0);
    await fill(user, screen.getByLabelText('Título'), 'Bônus creditado');
    await fill(user, screen.getByLabelText('Mensagem'), 'Seu bônus já está na carteira.');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /ops/players/42/messages')[0]?.body).toEqual({
      title: 'Bônus creditado',
      body: 'Seu bônus já está na carteira.',
    });
  });
});
