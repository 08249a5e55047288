import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/get-unread-count';
import { MailIcon } from './mail-icon';
import './messages.css';

/** The header's envelope: opens the inbox, with the unread count of notices and messages over it. */
export function MailButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('common');
  const count = useUnreadCount(true).data ?? 0;
  const label = count > 0 ? t('header.messagesUnread', { count }) : t('header.messages');
  return (
    <button
      type="button"
      className="icon-button header__mail"
      onClick={onOpen}
      aria-label={label}
      title={label}
      data-testid="header-mail"
    >
      <span className="unread-anchor">
        <MailIcon />
        {count > 0 && (
          <span className="unread-badge" aria-hidden="true" data-testid="header-mail-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
    </button>
  );
}
