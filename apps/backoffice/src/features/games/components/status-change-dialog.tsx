import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CatalogueStatus } from '@wps/shared/schemas/catalogue';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { useSetGameStatus } from '../api/set-game-status';
import { useSetVendorStatus } from '../api/set-vendor-status';

/** A status change the operator asked for, waiting for its reason. */
export type PendingStatusChange = {
  kind: 'vendor' | 'game';
  id: string;
  name: string;
  from: CatalogueStatus;
  to: CatalogueStatus;
};

/** The server's "not found" codes, which the shared error texts do not cover, said here. */
function catalogueErrorText(
  t: TFunction<'games'>,
  error: unknown,
  pending: PendingStatusChange,
  fallback: string | null,
): string | null {
  if (isApiError(error, 'VENDOR_NOT_FOUND')) return t('games.vendorNotFound', { code: pending.id });
  if (isApiError(error, 'GAME_NOT_FOUND')) return t('games.gameNotFound');
  return fallback;
}

/**
 * The confirmation of a vendor's or game's status change: what players will see, the status
 * before and after, and the required reason that goes to the audit log with the change. Rendered
 * once per change (keyed by the caller), so an earlier change's error never shows on the next.
 */
export function StatusChangeDialog({ pending, onClose }: { pending: PendingStatusChange; onClose: () => void }) {
  const { t } = useTranslation('games');
  const vendor = useSetVendorStatus((result) => t(`done.${result.status}`, { name: pending.name }));
  const game = useSetGameStatus((result) => t(`done.${result.status}`, { name: pending.name }));
  const mutation = pending.kind === 'vendor' ? vendor : game;

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t(`change.title.${pending.to}`, { name: pending.name })}
      description={t(`change.${pending.kind}.${pending.to}`, { name: pending.name })}
      changes={[
        { label: t('change.status'), before: t(`statuses.${pending.from}`), after: t(`statuses.${pending.to}`) },
      ]}
      confirmLabel={t(`actions.${pending.to}`)}
      danger={pending.to === 'disabled'}
      onConfirm={(reason) =>
        pending.kind === 'vendor'
          ? vendor.mutateAsync({ vassalage: pending.id, status: pending.to, reason })
          : game.mutateAsync({ nodeId: pending.id, status: pending.to, reason })
      }
      isPending={mutation.isPending}
      errorMessage={catalogueErrorText(t, mutation.error, pending, mutation.errorMessage)}
    />
  );
}
