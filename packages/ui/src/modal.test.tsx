import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Modal } from './modal';

// The trap skips what is not laid out (offsetParent null); jsdom lays nothing out, so every
// element counts as laid out here, as in a browser for the visible controls of a dialog.
// jsdom has no scrolling either; closing restores the page's scroll position with scrollTo.
const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
const scrollTo = window.scrollTo;
beforeAll(() => {
  window.scrollTo = () => undefined;
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
});
afterAll(() => {
  window.scrollTo = scrollTo;
  if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
});

function LoginLike() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Entrar
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Entre na sua conta">
        <label>
          Usuário
          <input />
        </label>
        <label>
          Senha
          <input type="password" />
        </label>
        <button type="submit">Entrar na conta</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('keeps Tab and Shift+Tab inside, closes on Escape and gives focus back to its opener', async () => {
    const user = userEvent.setup();
    render(<LoginLike />);
    const opener = screen.getByRole('button', { name: 'Entrar' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Entre na sua conta' });
    expect(dialog).toHaveFocus();

    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement), `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    // From the last control Tab wraps to the first, and Shift+Tab from the first to the last.
    screen.getByRole('button', { name: 'Entrar na conta' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Entrar na conta' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});
