import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupUser } from '../lib/test-render';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

type Props = Partial<ConfirmDialogProps>;

/** The dialog as a screen holds it: open until it closes itself. */
function Harness(props: Props & { onConfirm: ConfirmDialogProps['onConfirm'] }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'dialog open' : 'dialog closed'}</p>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Desativar jogador"
        confirmLabel="Desativar"
        isPending={false}
        errorMessage={null}
        {...props}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('shows what will change as before → after', () => {
    renderWithApp(
      <Harness
        onConfirm={vi.fn()}
        description="Encerra as sessões do jogador."
        changes={[{ label: 'Situação', before: 'Ativo', after: 'Desativado' }]}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Desativar jogador' });
    expect(within(dialog).getByText('Encerra as sessões do jogador.')).toBeInTheDocument();
    const changes = within(dialog).getByLabelText('O que vai mudar');
    expect(changes).toHaveTextContent('Situação');
    expect(changes).toHaveTextContent(/Ativo.*passa a ser.*Desativado/);
  });

  it('refuses a reason shorter than three characters and does not call the action', async () => {
    const user = setupUser();
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    renderWithApp(<Harness onConfirm={onConfirm} />);
    await user.type(screen.getByLabelText('Motivo'), '  ab  ');
    await user.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Diga o motivo (pelo menos 3 caracteres).');
    expect(screen.getByLabelText('Motivo')).toHaveAttribute('aria-invalid', 'true');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason and closes after success', async () => {
    const user = setupUser();
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    renderWithApp(<Harness onConfirm={onConfirm} />);
    await user.type(screen.getByLabelText('Motivo'), '  fraude confirmada ');
    await user.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(onConfirm).toHaveBeenCalledWith('fraude confirmada');
    expect(await screen.findByText('dialog closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open with the typed reason when the action fails, and shows the error', async () => {
    const user = setupUser();
    const onConfirm = vi.fn().mockRejectedValue(new Error('refused'));
    renderWithApp(<Harness onConfirm={onConfirm} errorMessage="Sem permissão para esta ação." />);
    await user.type(screen.getByLabelText('Motivo'), 'pedido do jogador');
    await user.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('dialog open')).toBeInTheDocument();
    expect(screen.getByLabelText('Motivo')).toHaveValue('pedido do jogador');
    expect(screen.getByText('Sem permissão para esta ação.')).toBeInTheDocument();
  });

  it('cannot be cancelled or confirmed again while the action runs', () => {
    renderWithApp(<Harness onConfirm={vi.fn()} isPending />);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Desativar' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Fechar' })).not.toBeInTheDocument();
  });

  it('cancel closes without calling the action, and the next opening starts with an empty reason', async () => {
    const user = setupUser();
    const onConfirm = vi.fn();
    function Reopen() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            abrir
          </button>
          <ConfirmDialog
            open={open}
            onClose={() => setOpen(false)}
            title="Redefinir senha"
            confirmLabel="Redefinir"
            onConfirm={onConfirm}
            isPending={false}
            errorMessage={null}
          />
        </>
      );
    }
    renderWithApp(<Reopen />);
    await user.type(screen.getByLabelText('Motivo'), 'engano');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'abrir' }));
    expect(screen.getByLabelText('Motivo')).toHaveValue('');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('names the text field and its hint as the caller asks (a note the player reads)', () => {
    renderWithApp(<Harness onConfirm={vi.fn()} reasonLabel="Nota da resolução" reasonHint="O jogador vê esta nota." />);
    expect(screen.getByLabelText('Nota da resolução')).toHaveAccessibleDescription('O jogador vê esta nota.');
  });
});
