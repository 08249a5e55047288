import { useTranslation } from 'react-i18next';
import type { ContentStatus, OpsContentItem } from '@wps/shared/schemas/content';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSetContentStatus } from '../api/set-content-status';
import { itemTitle } from '../content-view';

const DIALOG_KEY: Record<ContentStatus, 'publish' | 'archive' | 'draft'> = {
  published: 'publish',
  archived: 'archive',
  draft: 'draft',
};

/** Publish, archive or move back to draft one item, with the reason kept in the audit log. */
export function StatusDialog({ item, to, onClose }: { item: OpsContentItem; to: ContentStatus; onClose: () => void }) {
  const { t } = useTranslation('content');
  const title = itemTitle(item);
  const key = DIALOG_KEY[to];
  const mutation = useSetContentStatus(() => t(`statusDialog.${key}.done`, { title }));
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t(`statusDialog.${key}.title`, { title })}
      description={t(`statusDialog.${key}.description`)}
      changes={[{ label: t('statusDialog.status'), before: t(`statuses.${item.status}`), after: t(`statuses.${to}`) }]}
      confirmLabel={t(to === 'published' ? 'publish' : to === 'archived' ? 'archive' : 'toDraft')}
      danger={to === 'archived'}
      onConfirm={(reason) => mutation.mutateAsync({ id: item.id, status: to, reason })}
      isPending={mutation.isPending}
      errorMessage={mutation.errorMessage}
    />
  );
}
