import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TYPED_AMOUNTS,
  fail,
  fill,
  ok,
  renderWithApp,
  setupUser,
  stubOps,
  type OpsAnswer,
} from '../../../lib/test-render';
import { RuleDialog } from './rule-dialog';

function openNew(save: OpsAnswer = ok({ id: '1', name: 'Boas-vindas' })) {
  const api = stubOps({
    'GET /ops/content': ok({ list: [], total: 0, page: 1, pageSize: 100, totalPages: 0 }),
    'POST /ops/rewards/rules': save,
    'POST /ops/rewards/dry-run': ok({
      kind: 'cash',
      grants: 12,
      players: 9,
      amount: '123456',
      cappedOut: 3,
      eventsScanned: 400,
      truncated: false,
    }),
  });
  const onClose = vi.fn();
  renderWithApp(<RuleDialog timeZone="America/Sao_Paulo" onClose={onClose} />, { role: 'admin' });
  const dialog = screen.getByRole('dialog', { name: 'Nova regra' });
  return { api, onClose, dialog, user: setupUser() };
}

// The selects sit inside their labels, so their names start with the label's words.
const select = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) });

afterEach(() => vi.unstubAllGlobals());

describe('RuleDialog', () => {
  it('writes a first-deposit cash rule with amounts typed the Portuguese way, in minor units', async () => {
    const { api, onClose, dialog, user } = openNew();
    await fill(user, within(dialog).getByLabelText('Nome (visto pelo jogador)'), 'Boas-vindas');
    await fill(user, within(dialog).getByLabelText('Valor (R$)'), '1.500,00');
    await user.click(within(dialog).getByLabelText('Só o primeiro depósito'));
    await fill(user, within(dialog).getByLabelText('Depósito mínimo (R$)'), '30,50');
    await fill(user, within(dialog).getByLabelText('Vezes por jogador'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /ops/rewards/rules')[0]?.body).toMatchObject({
      name: 'Boas-vindas',
      promotionId: null,
      trigger: 'deposit_credited',
      delivery: 'auto',
      conditions: { firstDeposit: true, depositMin: '3050' },
      reward: { kind: 'cash', amount: '150000', params: {} },
      perPlayerCap: 1,
      totalCapCount: null,
    });
  });

  it('refuses a rule without a name or with a zero amount, and sends nothing', async () => {
    const { api, dialog, user } = openNew();
    await fill(user, within(dialog).getByLabelText('Valor (R$)'), '0,00');
    await fill(user, within(dialog).getByLabelText('Vezes por jogador'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar rascunho' }));
    expect(await within(dialog).findByText('Dê um nome à regra.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe um valor maior que zero.')).toBeInTheDocument();
    expect(within(dialog).getByText('Um número inteiro a partir de 1.')).toBeInTheDocument();
    expect(api.callsTo('POST /ops/rewards/rules')).toHaveLength(0);
  });

  it('takes a percentage as basis points, and counts points as whole units', async () => {
    const { api, onClose, dialog, user } = openNew();
    await fill(user, within(dialog).getByLabelText('Nome (visto pelo jogador)'), 'Recarga');
    await user.selectOptions(select(dialog, 'Cálculo'), 'percent');
    expect(within(dialog).queryByLabelText('Valor (R$)')).not.toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Porcentagem (%)'), '2,5');
    await user.selectOptions(select(dialog, 'Tipo'), 'points');
    await fill(user, within(dialog).getByLabelText('Máximo por recompensa'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /ops/rewards/rules')[0]?.body).toMatchObject({
      reward: { kind: 'points', percentBp: 250, maxAmount: '500' },
    });
  });

  it('shows the deposit conditions only for deposits, and the categories only for rounds', async () => {
    const { dialog, user } = openNew();
    expect(within(dialog).getByLabelText('Depósito mínimo (R$)')).toBeInTheDocument();
    await user.selectOptions(select(dialog, 'Quando acontece'), 'round_settled');
    expect(within(dialog).queryByLabelText('Depósito mínimo (R$)')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Só rodadas destas categorias' })).toBeInTheDocument();
  });

  it("lists the licence's reasons when the jurisdiction refuses the rule", async () => {
    const { onClose, dialog, user } = openNew(
      fail('REWARD_FORBIDDEN_BY_JURISDICTION', 422, { reasons: ['TRIGGER_FORBIDDEN'] }),
    );
    await fill(user, within(dialog).getByLabelText('Nome (visto pelo jogador)'), 'Boas-vindas');
    await fill(user, within(dialog).getByLabelText('Valor (R$)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar rascunho' }));
    expect(
      await within(dialog).findByText(
        'A licença do operador não permite esta regra: Recompensas por cadastro ou depósito são proibidas pela licença.',
      ),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('replays the rule as typed over history and shows what it would have paid, saving nothing', async () => {
    const { api, dialog, user } = openNew();
    await fill(user, within(dialog).getByLabelText('Nome (visto pelo jogador)'), 'Boas-vindas');
    await fill(user, within(dialog).getByLabelText('Valor (R$)'), '10');
    await fill(user, within(dialog).getByLabelText('Últimos dias'), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Testar' }));
    const result = await within(dialog).findByTestId('dry-run-result');
    expect(result).toHaveTextContent(/Recompensas que teria dado\s*12/);
    expect(result).toHaveTextContent(/Total\s*R\$\s1\.234,56/);
    const body = api.callsTo('POST /ops/rewards/dry-run')[0]?.body as { rule: unknown; from: string; until: string };
    expect(body.rule).toMatchObject({ reward: { kind: 'cash', amount: '1000' } });
    expect(Date.parse(body.until) - Date.parse(body.from)).toBe(7 * 86_400_000);
    expect(api.callsTo('POST /ops/rewards/rules')).toHaveLength(0);
  });

  // The rule's money amounts are read by the shared money parser in the operator's language.
  it.each(TYPED_AMOUNTS)(
    'sends $typed typed as the amount and both minimums as $minor minor units',
    async ({ typed, minor }) => {
      const { api, onClose, dialog, user } = openNew();
      await fill(user, within(dialog).getByLabelText('Nome (visto pelo jogador)'), 'Boas-vindas');
      await fill(user, within(dialog).getByLabelText('Valor (R$)'), typed);
      await fill(user, within(dialog).getByLabelText('Depósito mínimo (R$)'), typed);
      await user.selectOptions(select(dialog, 'Apostas no período'), 'week');
      await fill(user, within(dialog).getByLabelText('Apostado no mínimo (R$)'), typed);
      await user.click(within(dialog).getByRole('button', { name: 'Salvar rascunho' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(api.callsTo('POST /ops/rewards/rules')[0]?.body).toMatchObject({
        conditions: { depositMin: minor, turnoverInPeriod: { period: 'week', min: minor } },
        reward: { kind: 'cash', amount: minor },
      });
    },
  );

  it.each(TYPED_AMOUNTS)(
    'sends $typed typed as the cash maximum of a percentage as $minor minor units',
    async ({ typed, minor }) => {
      const { api, onClose, dialog, user } = openNew();
      await fill(user, within(dialog).getByLabelText('Nome (visto pelo jogador)'), 'Recarga');
      await user.selectOptions(select(dialog, 'Cálculo'), 'percent');
      await fill(user, within(dialog).getByLabelText('Porcentagem (%)'), '10');
      await fill(user, within(dialog).getByLabelText('Máximo por recompensa'), typed);
      await user.click(within(dialog).getByRole('button', { name: 'Salvar rascunho' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(api.callsTo('POST /ops/rewards/rules')[0]?.body).toMatchObject({
        reward: { kind: 'cash', percentBp: 1000, maxAmount: minor },
      });
    },
  );
});
