import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';

/** A row's enabled or disabled badge (deposit channels, banks). */
export function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('payments');
  const status = enabled ? 'enabled' : 'disabled';
  return (
    <td>
      <span className={`payments-badge payments-badge--${status}`}>{t(`statuses.${status}`)}</span>
    </td>
  );
}

type EditToggleCellProps = {
  /** The table's key prefix in the payments namespace (`channels`, `banks`): its actionsFor, editFor, edit, enable… words. */
  words: 'channels' | 'banks';
  name: string;
  enabled: boolean;
  onEdit: () => void;
  onToggle: () => void;
};

/**
 * A row's edit and enable/disable buttons, each named after the row. One button serves both
 * states: after the change the dialog returns focus to it, now the way back.
 */
export function EditToggleCell({ words, name, enabled, onEdit, onToggle }: EditToggleCellProps) {
  const { t } = useTranslation('payments');
  return (
    <td>
      <div className="payments-actions" role="group" aria-label={t(`${words}.actionsFor`, { name })}>
        <Button variant="secondary" size="sm" aria-label={t(`${words}.editFor`, { name })} onClick={onEdit}>
          {t(`${words}.edit`)}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t(enabled ? `${words}.disableFor` : `${words}.enableFor`, { name })}
          onClick={onToggle}
        >
          {t(enabled ? `${words}.disable` : `${words}.enable`)}
        </Button>
      </div>
    </td>
  );
}
