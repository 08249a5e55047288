import type { TFunction } from 'i18next';
import { NOTICE_KINDS } from '@wps/shared/messages-constants';
import type { Notice } from '@wps/shared/schemas/messages';
import type { MoneyFormat } from '../../lib/money';

const KNOWN_REASONS = ['rejected', 'expired', 'gateway_failed'];

/**
 * The title and text of a notice in the player's language, built from its kind and params (the
 * server stores no prose). Amounts are formatted in the notice's currency, times (a deadline) by
 * `formatDateTime` in the interface language.
 */
export function describeNotice(
  t: TFunction<'messages'>,
  formatMoney: (amount: string, format: MoneyFormat) => string,
  notice: Notice,
  scale: number,
  formatDateTime: (iso: string) => string = (iso) => iso,
): { title: string; body: string; note: string | null } {
  const kind = (NOTICE_KINDS as readonly string[]).includes(notice.kind) ? notice.kind : 'other';
  const { amount, currency, reason, note, referenceCode, provider, count, withdrawUntil, refundDueAt } = notice.params;
  const formatted = amount && currency ? formatMoney(amount, { currency, scale }) : (amount ?? '');
  const reasonText = reason ? t(`reasons.${KNOWN_REASONS.includes(reason) ? reason : 'other'}`) : t('reasons.other');
  return {
    title: t(`kinds.${kind}.title`),
    body: t(`kinds.${kind}.body`, {
      amount: formatted,
      referenceCode: referenceCode ?? '—',
      reason: reasonText,
      // A linked sign-in's provider; how many links a password change removed.
      provider: provider ?? '',
      count: count ?? '',
      // A barred player's withdrawal window: when it ends, and by when the rest is paid back.
      withdrawUntil: withdrawUntil ? formatDateTime(withdrawUntil) : '',
      refundDueAt: refundDueAt ? formatDateTime(refundDueAt) : '',
    }),
    // A withdrawal rejection carries the operator's reason as `reason`; a deposit rejection as `note`.
    note: note ? t('note', { note }) : kind === 'withdrawal_rejected' && reason ? t('note', { note: reason }) : null,
  };
}
