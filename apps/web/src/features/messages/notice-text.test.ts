import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Notice } from '@wps/shared/schemas/messages';
import enMessages from '../../locales/en/messages.json';
import ptMessages from '../../locales/pt/messages.json';
import { formatMoney } from '../../lib/money';
import { describeNotice } from './notice-text';

async function translator(lng: 'pt' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { pt: { messages: ptMessages }, en: { messages: enMessages } },
    ns: ['messages'],
    defaultNS: 'messages',
    interpolation: { escapeValue: false },
  });
  return instance.getFixedT(lng, 'messages');
}

function notice(kind: string, params: Record<string, string>): Notice {
  return { id: '1', kind, params, createdAt: '2026-11-23T08:00:00.000Z', isRead: false };
}

describe('notice texts', () => {
  it('words a credited deposit in the player language with the amount in the notice currency', async () => {
    const money = (amount: string, f: { currency: string; scale: number }) => formatMoney(amount, 'PT', f);
    const text = describeNotice(
      await translator('pt'),
      money,
      notice('deposit_credited', { amount: '1234.50', currency: 'BRL', referenceCode: 'DPX' }),
      2,
    );
    expect(text.title).toBe('Depósito creditado');
    expect(text.body.replace(/\s/g, ' ')).toBe(
      'Seu depósito de R$ 1.234,50 foi creditado na sua carteira (referência DPX).',
    );
    expect(text.note).toBeNull();
  });

  it('explains a failed deposit with its reason and the operator note', async () => {
    const money = (amount: string, f: { currency: string; scale: number }) => formatMoney(amount, 'EN', f);
    const t = await translator('en');
    const rejected = describeNotice(
      t,
      money,
      notice('deposit_failed', {
        amount: '20.00',
        currency: 'BRL',
        referenceCode: 'DPY',
        reason: 'rejected',
        note: 'no transfer',
      }),
      2,
    );
    expect(rejected.body).toContain('the transfer was not confirmed');
    expect(rejected.note).toBe('Note from the operator: no transfer');
    const odd = describeNotice(t, money, notice('deposit_failed', { reason: 'something_new' }), 2);
    expect(odd.body).toContain('the payment was not completed');
  });

  it('gives unknown kinds a generic text and shows a withdrawal rejection reason', async () => {
    const money = (amount: string) => amount;
    const t = await translator('en');
    expect(describeNotice(t, money, notice('mission_done', {}), 2)).toEqual({
      title: 'Notice',
      body: 'You have a new account notice.',
      note: null,
    });
    expect(
      describeNotice(t, money, notice('withdrawal_rejected', { amount: '5.00', reason: 'wrong account' }), 2).note,
    ).toBe('Note from the operator: wrong account');
  });

  it('names the provider of a linked sign-in and counts the links a password change removed', async () => {
    const money = (amount: string) => amount;
    const pt = describeNotice(await translator('pt'), money, notice('oidc_linked', { provider: 'Google' }), 2);
    expect(pt.title).toBe('Acesso vinculado');
    expect(pt.body).toMatch(/^Google foi vinculado à sua conta/);
    const en = describeNotice(await translator('en'), money, notice('oidc_links_removed', { count: '2' }), 2);
    expect(en.body).toContain('your linked sign-ins (2) were removed');
  });

  it("gives a barred player's withdrawal window and refund deadline in the interface's date format", async () => {
    const money = (amount: string) => amount;
    const params = { withdrawUntil: '2026-11-30T15:00:00.000Z', refundDueAt: '2026-12-02T15:00:00.000Z' };
    const day = (iso: string) => `dia ${iso.slice(0, 10)}`;
    const pt = describeNotice(await translator('pt'), money, notice('barred_withdrawal_window', params), 2, day);
    expect(pt.title).toBe('Sua conta está sendo encerrada');
    expect(pt.body).toContain('até dia 2026-11-30 pelo atendimento');
    expect(pt.body).toContain('em seu nome até dia 2026-12-02.');
    const en = describeNotice(await translator('en'), money, notice('barred_withdrawal_window', params), 2, day);
    expect(en.title).toBe('Your account is being closed');
    expect(en.body).toContain('until dia 2026-11-30 through customer service');
  });
});
