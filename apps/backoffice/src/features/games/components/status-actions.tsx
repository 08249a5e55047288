import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import type { CatalogueStatus } from '@wps/shared/schemas/catalogue';

/** The actions' order in a row: the routine one first, the one that hides from players last. */
const ACTION_ORDER: readonly CatalogueStatus[] = ['maintenance', 'active', 'disabled'];

/**
 * A row's status changes: one button per status other than the current one, each named after
 * the row ("Put Card Room in maintenance") so a screen reader's list of buttons says which is which.
 * The buttons are keyed by position, not by status: after a change the pressed button stays in
 * the page (now offering the way back), so the dialog returns focus to it instead of the page top.
 * They stay calm (secondary) in a long table; the dialog's confirm button marks a disabling red.
 */
export function StatusActions({
  name,
  status,
  onChoose,
}: {
  name: string;
  status: CatalogueStatus;
  onChoose: (next: CatalogueStatus) => void;
}) {
  const { t } = useTranslation('games');
  return (
    <>
      {ACTION_ORDER.filter((next) => next !== status).map((next, slot) => (
        <Button
          key={slot}
          variant="secondary"
          size="sm"
          aria-label={t(`actions.${next}For`, { name })}
          onClick={() => onChoose(next)}
        >
          {t(`actions.${next}`)}
        </Button>
      ))}
    </>
  );
}
