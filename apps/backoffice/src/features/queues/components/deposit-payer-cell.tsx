import { useTranslation } from 'react-i18next';
import type { OpsDepositOrder } from '@wps/shared/schemas/deposit';

/**
 * Who paid an order, under its reference in the deposit queue: a confirmed bank transfer's payer
 * as the operator recorded it from the statement (name, masked CPF and whether it is the player's,
 * the statement's reference), or the masked CPF a returned gateway payment came from; nothing for
 * an order with neither.
 */
export function DepositPayerCell({ order }: { order: Pick<OpsDepositOrder, 'payer' | 'payerCpfMasked' | 'status'> }) {
  const { t } = useTranslation('queues');
  const { payer } = order;
  if (payer) {
    const match =
      payer.isPlayer === null
        ? payer.cpfMasked && t('deposits.payer.cpfOnFile')
        : t(payer.isPlayer ? 'deposits.payer.own' : 'deposits.payer.other');
    return (
      <span className="queue-wrap queue-payer">
        {t('deposits.payer.paidBy')} {payer.name && <span>{payer.name}</span>}
        {payer.cpfMasked && (
          <span>
            {' '}
            <code>{payer.cpfMasked}</code>
            {match && ` (${match})`}
          </span>
        )}
        {payer.bankReference && (
          <span className="queue-muted"> {t('deposits.payer.reference', { reference: payer.bankReference })}</span>
        )}
      </span>
    );
  }
  if (order.status === 'returned' && order.payerCpfMasked)
    return (
      <span className="queue-wrap queue-payer">{t('deposits.payer.returned', { cpf: order.payerCpfMasked })}</span>
    );
  return null;
}
