import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BarredHit } from '@wps/shared/schemas/identity';
import { useNotice } from '../../../lib/notices';
import { ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { ContactsCell, WindowCell } from './barred-contacts';

/** The layout's live region, as far as the success notice goes. */
function Notice() {
  return <p>{useNotice()?.text}</p>;
}

// A barred member's withdrawal window and the contacts made about the hit, on the hits screen
// (docs/compliance.md, "Barred persons"). Failed before: the hit carried neither, and no contact
// could be recorded.

const hit = (over: Partial<BarredHit>): BarredHit =>
  ({
    id: '12',
    memberId: '9',
    account: 'maria01',
    cpfMasked: '***.456.789-**',
    reason: 'self_excluded',
    check: 'login',
    checkDay: '2026-11-27',
    checkedAt: '2026-11-27T12:00:00Z',
    status: 'open',
    balanceMinor: '8000',
    settledAt: null,
    settledBy: null,
    settlementNote: null,
    withdrawUntil: '2026-11-29T12:00:00Z',
    refundDueAt: '2026-12-01T12:00:00Z',
    contacts: [
      {
        id: '1',
        channel: 'inbox',
        content: 'barred_withdrawal_window {}',
        contactedAt: '2026-11-27T12:00:00Z',
        recordedBy: null,
      },
    ],
    refundWithdrawalId: null,
    ...over,
  }) as BarredHit;

afterEach(() => vi.unstubAllGlobals());

describe('WindowCell', () => {
  it('shows until when the player may withdraw and by when the rest is paid back', () => {
    renderWithApp(<WindowCell hit={hit({})} />);
    expect(screen.getByText(/^Saque até /)).toBeTruthy();
    expect(screen.getByText(/^devolução até /)).toBeTruthy();
  });

  it('shows nothing on a later hit of the same episode', () => {
    renderWithApp(<WindowCell hit={hit({ withdrawUntil: null, refundDueAt: null })} />);
    expect(screen.queryByText(/Saque até/)).toBeNull();
  });
});

describe('ContactsCell', () => {
  it("lists the site's notice and records an operator's SMS to the player", async () => {
    const api = stubOps({
      'POST /ops/compliance/barred-hits/12/contacts': ok(hit({})),
    });
    const user = setupUser();
    renderWithApp(
      <>
        <ContactsCell hit={hit({})} />
        <Notice />
      </>,
      { role: 'support' },
    );
    expect(screen.getByText(/Caixa de entrada do site/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Registrar um contato sobre o registro 12 (maria01)' }));
    const dialog = screen.getByRole('dialog', { name: 'Contato com maria01' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Canal' }), 'sms');
    await user.type(
      within(dialog).getByRole('textbox', { name: /O que foi dito ao jogador/ }),
      'SMS: conta encerrada, saque até 29/11',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Registrar contato' }));
    expect(await screen.findByText('Contato com maria01 registrado.')).toBeTruthy();
    expect(api.callsTo('POST /ops/compliance/barred-hits/12/contacts')[0]?.body).toEqual({
      channel: 'sms',
      content: 'SMS: conta encerrada, saque até 29/11',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the record only to who may change players', () => {
    renderWithApp(<ContactsCell hit={hit({})} />, { role: 'finance' });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
