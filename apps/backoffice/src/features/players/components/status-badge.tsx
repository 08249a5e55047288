import { useTranslation } from 'react-i18next';
import type { PlayerStatus } from '@wps/shared/schemas/players';

/** A player's account status as a labelled badge (text, not colour alone). */
export function StatusBadge({ status }: { status: PlayerStatus }) {
  const { t } = useTranslation('players');
  return <span className={`badge badge--${status === 'active' ? 'ok' : 'danger'}`}>{t(`status.${status}`)}</span>;
}
