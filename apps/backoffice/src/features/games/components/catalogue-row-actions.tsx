import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import type { CatalogueStatus } from '@wps/shared/schemas/catalogue';
import { StatusActions } from './status-actions';

type CatalogueRowActionsProps = {
  /** The vendor's or game's name, which every button's accessible name repeats. */
  name: string;
  status: CatalogueStatus;
  /** Names the group of buttons ("Actions for Card Room"). */
  groupLabel: string;
  /** The edit button's accessible name, which says what it edits. */
  editLabel: string;
  onEdit: () => void;
  onChoose: (next: CatalogueStatus) => void;
};

/** The last cell of a vendor's or a game's row for editors: edit its settings, change its status. */
export function CatalogueRowActions({
  name,
  status,
  groupLabel,
  editLabel,
  onEdit,
  onChoose,
}: CatalogueRowActionsProps) {
  const { t } = useTranslation('games');
  return (
    <td>
      <div className="catalogue-actions" role="group" aria-label={groupLabel}>
        <Button size="sm" variant="secondary" aria-label={editLabel} onClick={onEdit}>
          {t('settings.edit')}
        </Button>
        <StatusActions name={name} status={status} onChoose={onChoose} />
      </div>
    </td>
  );
}
