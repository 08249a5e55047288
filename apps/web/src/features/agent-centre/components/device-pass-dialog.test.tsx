import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { DevicePassDialog } from './device-pass-dialog';

const ROUTE = 'POST /wps/agent/centre/downlines/42/device-pass';

async function renderDialog(answer: ReturnType<typeof ok>) {
  const api = stubApi({ [ROUTE]: answer });
  const onClose = vi.fn();
  const view = await renderWithProviders(
    <DevicePassDialog target={{ memberId: '42', account: 'joao88' }} onClose={onClose} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Liberar o acesso de joao88' });
  const confirm = () => view.user.click(within(dialog).getByRole('button', { name: 'Liberar o próximo acesso' }));
  return { ...view, api, onClose, dialog, confirm };
}

describe('DevicePassDialog', () => {
  it("explains the pass, lets the downline's next login through and closes", async () => {
    const { api, onClose, dialog, confirm } = await renderDialog(
      ok({ account: 'joao88', expiresAt: '2026-11-25T12:00:00.000Z' }),
    );
    expect(dialog).toHaveTextContent('não tem celular nem e-mail');
    await confirm();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(ROUTE)).toHaveLength(1);
    expect(await screen.findByText(/Próximo acesso de joao88 liberado até 25\/11\/2026/)).toBeInTheDocument();
  });

  it('shows why not when the downline can receive codes', async () => {
    const { onClose, dialog, confirm } = await renderDialog(fail('DEVICE_PASS_HAS_CONTACT', 409));
    await confirm();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Este jogador recebe códigos de acesso por SMS ou e-mail',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
