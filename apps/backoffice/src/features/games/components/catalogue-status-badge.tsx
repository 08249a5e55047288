import { useTranslation } from 'react-i18next';
import type { CatalogueStatus } from '@wps/shared/schemas/catalogue';

/** A vendor's or game's status as a labelled badge: the words carry it, the colour only helps. */
export function CatalogueStatusBadge({ status }: { status: CatalogueStatus }) {
  const { t } = useTranslation('games');
  return (
    <span className={`catalogue-badge catalogue-badge--${status}`} data-status={status}>
      <span className="catalogue-badge__dot" aria-hidden="true" />
      {t(`statuses.${status}`)}
    </span>
  );
}
