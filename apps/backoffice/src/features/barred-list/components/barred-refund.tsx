import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import type { BarredHit } from '@wps/shared/schemas/identity';
import { useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useRefundBarredHit } from '../api/refund-barred-hit';

/**
 * A hit's refund: the withdrawal that pays the member's balance back by PIX to a key of their own
 * (docs/compliance.md, "Barred persons"), named by its id, which the withdrawal queue shows (it
 * waits there for approval) and the regulator's payouts file carries.
 */
export function RefundLink({ hit }: { hit: BarredHit }) {
  const { t } = useTranslation('barred-list');
  if (!hit.refundWithdrawalId) return <span className="barred-muted">{t('refund.none')}</span>;
  return (
    <Link to="/queues/withdrawals" title={t('refund.linkHint')}>
      {t('refund.link', { id: hit.refundWithdrawalId })}
    </Link>
  );
}

/**
 * Open the refund (adjustments.approve) on an open hit with money left: a confirmation, then the
 * server holds the whole balance and makes the withdrawal. A refund under way leaves no balance,
 * so the button is gone until one is rejected in review (the money is back).
 */
export function RefundAction({ hit }: { hit: BarredHit }) {
  const { t } = useTranslation('barred-list');
  const canRefund = useCan('adjustments.approve');
  const [open, setOpen] = useState(false);
  if (!canRefund || hit.status !== 'open' || !hit.memberId || BigInt(hit.balanceMinor ?? '0') <= 0n) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={t('refund.buttonFor', { id: hit.id, account: hit.account ?? '' })}
        onClick={() => setOpen(true)}
      >
        {t('refund.button')}
      </Button>
      {open && <RefundDialog hit={hit} onClose={() => setOpen(false)} />}
    </>
  );
}

function RefundDialog({ hit, onClose }: { hit: BarredHit; onClose: () => void }) {
  const { t } = useTranslation('barred-list');
  const money = useFormatMoney();
  const account = hit.account ?? '';
  const refund = useRefundBarredHit((done) => t('refund.opened', { id: done.withdrawalId, account }));
  const confirm = () => refund.mutateAsync({ id: hit.id }).then(onClose, () => undefined);
  return (
    <Modal open onClose={onClose} title={t('refund.dialogTitle', { account })} closable={!refund.isPending}>
      <div className="barred-form">
        <p>{t('refund.dialogAmount', { balance: money(hit.balanceMinor ?? '0') })}</p>
        <p className="barred-muted">{t('refund.dialogHelp')}</p>
        <FormError message={refund.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={refund.isPending}>
            {t('common:cancel')}
          </Button>
          <Button variant="money" loading={refund.isPending} onClick={() => void confirm()}>
            {t('refund.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
