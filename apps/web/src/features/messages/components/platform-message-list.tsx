import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Pager } from '@wps/ui/pager';
import type { PlatformMessage } from '@wps/shared/schemas/platform-messages';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useFormatDateTime } from '../../../lib/date-format';
import { usePlatformMessages } from '../api/list-platform-messages';
import { useMarkPlatformMessagesRead } from '../api/mark-platform-messages-read';
import { InboxSkeleton } from './inbox-skeleton';

export const MESSAGES_PAGE_SIZE = 10;

/**
 * The operator's messages to this player (messageV2), newest first: a title opens its text (the
 * operator's HTML, sanitised again here) and reading it records the receipt, so the header's
 * count falls.
 */
export function PlatformMessageList() {
  const { t } = useTranslation('messages');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = usePlatformMessages(page, MESSAGES_PAGE_SIZE);
  const markRead = useMarkPlatformMessagesRead();
  const unread = messages.data?.unreadCount ?? 0;

  const toggle = (message: PlatformMessage) => {
    setOpenId(openId === message.id ? null : message.id);
    if (!message.isRead)
      markRead.mutate({ ids: [message.id] }, { onError: (error) => toast.error(translateError(error)) });
  };
  const readAll = () =>
    markRead.mutate(
      {},
      {
        onSuccess: () => toast.success(t('markedAllRead')),
        onError: (error) => toast.error(translateError(error)),
      },
    );

  if (messages.isPending) return <InboxSkeleton label={t('loading')} />;
  if (!messages.data || messages.data.list.length === 0)
    return <p className="messages-page__empty">{t('platform.empty')}</p>;
  return (
    <>
      {unread > 0 && (
        <div className="messages-page__actions">
          <Button variant="ghost" size="sm" loading={markRead.isPending && !markRead.variables?.ids} onClick={readAll}>
            {t('markAllRead')}
          </Button>
        </div>
      )}
      <ul className="notice-list" data-testid="platform-message-list">
        {messages.data.list.map((message) => (
          <PlatformMessageItem
            key={message.id}
            message={message}
            isOpen={openId === message.id}
            onToggle={() => toggle(message)}
          />
        ))}
      </ul>
      {messages.data.totalPages > 1 && (
        <Pager
          className="messages-page__pager"
          variant="ghost"
          page={page}
          totalPages={messages.data.totalPages}
          onPage={(next) => (setPage(next), setOpenId(null))}
          pageLabel={t('page', { page, total: messages.data.totalPages })}
          previousLabel={t('previous')}
          nextLabel={t('next')}
        />
      )}
    </>
  );
}

function PlatformMessageItem({
  message,
  isOpen,
  onToggle,
}: {
  message: PlatformMessage;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('messages');
  const formatDateTime = useFormatDateTime();
  const bodyId = useId();
  return (
    <li className={`notice platform-message${message.isRead ? '' : ' is-unread'}`}>
      <button type="button" className="notice__button" aria-expanded={isOpen} aria-controls={bodyId} onClick={onToggle}>
        <span className="notice__title">
          {!message.isRead && <span className="notice__dot" aria-hidden="true" />}
          {!message.isRead && <span className="visually-hidden">{t('unread')}: </span>}
          {message.title}
        </span>
        <time className="notice__time" dateTime={message.sentAt}>
          {formatDateTime(message.sentAt)}
        </time>
      </button>
      <div id={bodyId} className="platform-message__body" hidden={!isOpen}>
        {isOpen && <SanitizedHtml className="platform-message__html" html={message.bodyHtml} />}
      </div>
    </li>
  );
}
