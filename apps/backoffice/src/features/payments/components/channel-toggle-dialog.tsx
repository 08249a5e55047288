import { useTranslation } from 'react-i18next';
import type { OpsDepositChannel } from '@wps/shared/schemas/deposit';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { useSaveDepositChannel } from '../api/save-deposit-channel';
import { channelWithEnabled } from '../channel-form';

/**
 * Enable or disable a channel: the same PUT as an edit with `enabled` flipped and every other
 * field as stored, after the operator gives the reason. Rendered once per change (keyed by the
 * caller), so an earlier change's error never shows on the next.
 */
export function ChannelToggleDialog({ channel, onClose }: { channel: OpsDepositChannel; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const action = channel.enabled ? 'disable' : 'enable';
  const save = useSaveDepositChannel((saved) =>
    t(`toggle.done.${saved.enabled ? 'enable' : 'disable'}`, { name: saved.name }),
  );
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t(`toggle.title.${action}`, { name: channel.name })}
      description={t(`toggle.description.${action}`, { name: channel.name })}
      changes={[
        {
          label: t('channels.status'),
          before: t(`statuses.${channel.enabled ? 'enabled' : 'disabled'}`),
          after: t(`statuses.${channel.enabled ? 'disabled' : 'enabled'}`),
        },
      ]}
      confirmLabel={t(`channels.${action}`)}
      danger={channel.enabled}
      onConfirm={(reason) => save.mutateAsync(channelWithEnabled(channel, !channel.enabled, reason))}
      isPending={save.isPending}
      errorMessage={isApiError(save.error, 'DEPOSIT_CHANNEL_NOT_FOUND') ? t('channels.notFound') : save.errorMessage}
    />
  );
}
