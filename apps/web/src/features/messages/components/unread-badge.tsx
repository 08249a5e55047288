import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/get-unread-count';
import './messages.css';

/** Small count over the avatar when notices are unread; nothing for trial accounts or zero. */
export function UnreadBadge({ isTrial }: { isTrial: boolean }) {
  const { t } = useTranslation('messages');
  const { data: count } = useUnreadCount(!isTrial);
  if (!count) return null;
  return (
    <span className="unread-badge" data-testid="unread-badge" aria-label={t('unreadBadge', { count })}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
