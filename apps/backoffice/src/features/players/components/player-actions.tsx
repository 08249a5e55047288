import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import type { PlayerProfile } from '@wps/shared/schemas/players';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCan } from '../../../lib/permissions';
import { useResetPaymentPassword, useSetStatus } from '../api/player-changes';
import { AdjustmentDialog, MessageDialog, PayeeNameDialog } from './player-forms';

type Open = null | 'status' | 'paymentPassword' | 'payee' | 'message' | 'adjust';

/** The player page's actions, each shown only to a role that may take it, each confirmed with a reason. */
export function PlayerActions({ player }: { player: PlayerProfile }) {
  const { t } = useTranslation('players');
  const canWrite = useCan('players.write');
  const canMessage = useCan('messages.write');
  const canAdjust = useCan('adjustments.write');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const next = player.status === 'active' ? 'disabled' : 'active';
  const setStatus = useSetStatus(player.memberId, () =>
    t(next === 'disabled' ? 'actions.disabled' : 'actions.enabled'),
  );
  const resetPassword = useResetPaymentPassword(player.memberId, () => t('actions.paymentPasswordReset'));

  return (
    <div className="player-actions">
      {canAdjust && (
        <Button variant="money" onClick={() => setOpen('adjust')}>
          {t('actions.adjust')}
        </Button>
      )}
      {canMessage && (
        <Button variant="secondary" onClick={() => setOpen('message')}>
          {t('actions.sendMessage')}
        </Button>
      )}
      {canWrite && (
        <>
          <Button variant="secondary" onClick={() => setOpen('payee')}>
            {t('actions.correctPayee')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen('paymentPassword')} disabled={!player.hasPaymentPassword}>
            {t('actions.resetPaymentPassword')}
          </Button>
          <Button variant={next === 'disabled' ? 'danger' : 'primary'} onClick={() => setOpen('status')}>
            {t(next === 'disabled' ? 'actions.disable' : 'actions.enable')}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={open === 'status'}
        onClose={close}
        title={t(next === 'disabled' ? 'actions.disableTitle' : 'actions.enableTitle', { account: player.account })}
        description={t(next === 'disabled' ? 'actions.disableEffect' : 'actions.enableEffect')}
        changes={[{ label: t('columns.status'), before: t(`status.${player.status}`), after: t(`status.${next}`) }]}
        confirmLabel={t(next === 'disabled' ? 'actions.disable' : 'actions.enable')}
        danger={next === 'disabled'}
        onConfirm={(reason) => setStatus.mutateAsync({ status: next, reason })}
        isPending={setStatus.isPending}
        errorMessage={setStatus.errorMessage}
      />
      <ConfirmDialog
        open={open === 'paymentPassword'}
        onClose={close}
        title={t('actions.resetPaymentPassword')}
        description={t('actions.resetPaymentPasswordEffect')}
        confirmLabel={t('actions.reset')}
        danger
        onConfirm={(reason) => resetPassword.mutateAsync({ reason })}
        isPending={resetPassword.isPending}
        errorMessage={resetPassword.errorMessage}
      />
      {open === 'payee' && <PayeeNameDialog player={player} open onClose={close} />}
      {open === 'message' && <MessageDialog player={player} open onClose={close} />}
      {open === 'adjust' && <AdjustmentDialog player={player} open onClose={close} />}
    </div>
  );
}
