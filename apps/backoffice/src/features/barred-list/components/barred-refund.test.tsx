import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BarredHit } from '@wps/shared/schemas/identity';
import { useNotice } from '../../../lib/notices';
import { fail, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { RefundAction, RefundLink } from './barred-refund';

/** The layout's live region, as far as the success notice goes. */
function Notice() {
  return <p>{useNotice()?.text}</p>;
}

// A barred member's refund on the hits screen: the link to the withdrawal
// that pays it (failed before: the hit had no refund and the screen no link), and the refund
// opened by an operator who approves adjustments, never a manual adjustment.

const hit = (over: Partial<BarredHit>): BarredHit =>
  ({
    id: '12',
    memberId: '9',
    account: 'maria01',
    cpfMasked: '***.456.789-**',
    reason: 'court_order',
    check: 'sweep',
    checkDay: '2026-11-27',
    checkedAt: '2026-11-27T12:00:00Z',
    status: 'open',
    balanceMinor: '8000',
    settledAt: null,
    settledBy: null,
    settlementNote: null,
    withdrawUntil: null,
    refundDueAt: null,
    contacts: [],
    refundWithdrawalId: null,
    ...over,
  }) as BarredHit;

afterEach(() => vi.unstubAllGlobals());

describe('RefundLink', () => {
  it("names the refund's withdrawal and links to the withdrawal queue", () => {
    renderWithApp(<RefundLink hit={hit({ refundWithdrawalId: '77', balanceMinor: '0' })} />);
    const link = screen.getByRole('link', { name: 'Saque nº 77' });
    expect(link.getAttribute('href')).toBe('/queues/withdrawals');
  });

  it('names it in English too', () => {
    renderWithApp(<RefundLink hit={hit({ refundWithdrawalId: '78' })} />, { language: 'en' });
    expect(screen.getByRole('link', { name: 'Withdrawal #78' })).toBeTruthy();
  });
});

describe('RefundAction', () => {
  it('opens the refund after a confirmation and tells the operator which withdrawal carries it', async () => {
    const api = stubOps({
      'POST /ops/compliance/barred-hits/12/refund': ok({
        hitId: '12',
        memberId: '9',
        withdrawalId: '77',
        amountMinor: '8000',
        currency: 'BRL',
        status: 'pending',
      }),
    });
    const user = setupUser();
    renderWithApp(
      <>
        <RefundAction hit={hit({})} />
        <Notice />
      </>,
      { role: 'finance' },
    );
    await user.click(screen.getByRole('button', { name: 'Devolver por PIX o saldo da ocorrência 12 (maria01)' }));
    const dialog = screen.getByRole('dialog', { name: 'Devolução por PIX a maria01' });
    await user.click(within(dialog).getByRole('button', { name: 'Abrir devolução' }));
    expect(api.callsTo('POST /ops/compliance/barred-hits/12/refund')).toHaveLength(1);
    expect(await screen.findByText('Devolução de maria01 aberta: saque nº 77 na fila de saques.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal in the dialog (no PIX key bound)", async () => {
    stubOps({
      'POST /ops/compliance/barred-hits/12/refund': fail('BARRED_REFUND_NOT_PAYABLE', 409, { reason: 'no_pix_key' }),
    });
    const user = setupUser();
    renderWithApp(<RefundAction hit={hit({})} />, { role: 'admin' });
    await user.click(screen.getByRole('button', { name: 'Devolver por PIX o saldo da ocorrência 12 (maria01)' }));
    const dialog = screen.getByRole('dialog', { name: 'Devolução por PIX a maria01' });
    await user.click(within(dialog).getByRole('button', { name: 'Abrir devolução' }));
    expect(await within(dialog).findByText(/O saldo não pode ser devolvido como saque agora/)).toBeTruthy();
  });

  it('is offered only to who approves adjustments, on an open hit with money left', () => {
    const { unmount } = renderWithApp(<RefundAction hit={hit({})} />, { role: 'support' });
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    const zero = renderWithApp(<RefundAction hit={hit({ balanceMinor: '0', refundWithdrawalId: '77' })} />, {
      role: 'finance',
    });
    expect(screen.queryByRole('button')).toBeNull();
    zero.unmount();
    renderWithApp(<RefundAction hit={hit({ status: 'settled' })} />, { role: 'finance' });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
