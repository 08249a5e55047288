import { useTranslation } from 'react-i18next';
import type { OpsBankListItem } from '@wps/shared/schemas/banks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { useSetBankStatus } from '../api/set-bank-status';

/**
 * Enable or disable a bank after the operator gives the reason. Disabling says how many accounts
 * are bound to it (they keep it). Rendered once per change (keyed by the caller), so an earlier
 * change's error never shows on the next.
 */
export function BankToggleDialog({ bank, onClose }: { bank: OpsBankListItem; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const action = bank.enabled ? 'disable' : 'enable';
  const setStatus = useSetBankStatus((saved) =>
    t(`toggle.done.${saved.enabled ? 'enable' : 'disable'}`, { name: saved.name }),
  );
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t(`toggle.title.${action}`, { name: bank.name })}
      description={t(`bankToggle.${action}`, { name: bank.name, count: bank.accountCount })}
      changes={[
        {
          label: t('banks.status'),
          before: t(`statuses.${bank.enabled ? 'enabled' : 'disabled'}`),
          after: t(`statuses.${bank.enabled ? 'disabled' : 'enabled'}`),
        },
      ]}
      confirmLabel={t(`banks.${action}`)}
      danger={bank.enabled}
      onConfirm={(reason) => setStatus.mutateAsync({ bankCode: bank.code, enabled: !bank.enabled, reason })}
      isPending={setStatus.isPending}
      errorMessage={isApiError(setStatus.error, 'NOT_FOUND') ? t('banks.notFound') : setStatus.errorMessage}
    />
  );
}
