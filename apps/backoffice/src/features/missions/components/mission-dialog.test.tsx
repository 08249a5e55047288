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
import { MissionDialog } from './mission-dialog';

function openNew(save: OpsAnswer) {
  const api = stubOps({ 'POST /ops/missions': save });
  const onClose = vi.fn();
  renderWithApp(<MissionDialog onClose={onClose} />, { role: 'admin' });
  const dialog = screen.getByRole('dialog', { name: 'Nova missão' });
  return { api, onClose, dialog, user: setupUser() };
}

/** A deposit mission typed in: titles, reward, one deposit step of 50,00 and the reason. */
async function typeDepositMission(dialog: HTMLElement, user: ReturnType<typeof setupUser>) {
  await fill(user, within(dialog).getByLabelText('Título em português'), 'Deposite R$ 50');
  await fill(user, within(dialog).getByLabelText('Título em inglês'), 'Deposit R$ 50');
  await fill(user, within(dialog).getByLabelText('Recompensa (BRL)'), '10,00');
  const step = within(dialog).getByRole('group', { name: 'Etapa 1' });
  await user.selectOptions(within(step).getByRole('combobox', { name: /^O que fazer/ }), 'deposit');
  await fill(user, within(step).getByLabelText('Valor (BRL)'), '50,00');
  await fill(user, within(dialog).getByLabelText('Motivo da alteração'), 'missão da semana');
  return step;
}

afterEach(() => vi.unstubAllGlobals());

describe('MissionDialog', () => {
  // Without the refusal under the field, the step would carry no message (only the form's line).
  it("shows the licence's refusal of a deposit step under that step's kind, and stays open", async () => {
    const { api, onClose, dialog, user } = openNew(
      fail('LICENCE_REFUSED', 403, {
        rule: 'depositConditions',
        field: 'steps.0.kind',
        profile: 'BR',
        source: 'Lei 14.790/2023 art. 29 I',
      }),
    );
    const step = await typeDepositMission(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar missão' }));
    expect(await within(step).findByText('A licença proíbe recompensas condicionadas a depósito.')).toBeInTheDocument();
    expect(within(step).getByRole('combobox', { name: /^O que fazer/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /ops/missions')[0]?.body).toMatchObject({
      steps: [{ kind: 'deposit', target: '5000' }],
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves a mission the licence lets through and closes', async () => {
    const { onClose, dialog, user } = openNew(ok({ id: '1', titlePt: 'Deposite R$ 50', titleEn: 'Deposit R$ 50' }));
    await typeDepositMission(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar missão' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  // The reward and a deposit step's amount are read by the shared money parser in the operator's language.
  it.each(TYPED_AMOUNTS)(
    'sends $typed typed as the reward and the step amount as $minor minor units',
    async ({ typed, minor }) => {
      const { api, onClose, dialog, user } = openNew(ok({ id: '1', titlePt: 'Deposite', titleEn: 'Deposit' }));
      const step = await typeDepositMission(dialog, user);
      await fill(user, within(dialog).getByLabelText('Recompensa (BRL)'), typed);
      await fill(user, within(step).getByLabelText('Valor (BRL)'), typed);
      await user.click(within(dialog).getByRole('button', { name: 'Salvar missão' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(api.callsTo('POST /ops/missions')[0]?.body).toMatchObject({
        rewardMinor: minor,
        steps: [{ kind: 'deposit', target: minor }],
      });
    },
  );
});
