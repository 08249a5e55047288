import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Pager } from '@wps/ui/pager';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useBalance } from '../../../lib/api/get-balance';
import { useNotices } from '../api/list-notices';
import { useMarkNoticesRead } from '../api/mark-notices-read';
import { describeNotice } from '../notice-text';
import { useFormatDateTime } from '../../../lib/date-format';
import './messages.css';

const PAGE_SIZE = 10;

/** Member-centre page messageV2 (platform information): the player's notices, unread first marked. */
export function MessagePage() {
  const { t } = useTranslation('messages');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const [page, setPage] = useState(1);
  const notices = useNotices(page, PAGE_SIZE);
  const markRead = useMarkNoticesRead();
  // The operator currency's scale; notices carry the currency code.
  const scale = useBalance().data?.scale ?? 2;
  const unread = notices.data?.unreadCount ?? 0;

  const readAll = () =>
    markRead.mutate(
      {},
      {
        onSuccess: () => toast.success(t('markedAllRead')),
        onError: (error) => toast.error(translateError(error)),
      },
    );

  return (
    <div className="messages-page">
      <div className="messages-page__head">
        <h2 className="messages-page__title">
          {t('pageTitle')}
          {unread > 0 && <span className="messages-page__count">{t('unreadBadge', { count: unread })}</span>}
        </h2>
        {unread > 0 && (
          <Button variant="ghost" size="sm" loading={markRead.isPending} onClick={readAll}>
            {t('markAllRead')}
          </Button>
        )}
      </div>
      {notices.isPending ? (
        <div className="messages-page__skeleton" aria-busy="true" aria-label={t('loading')}>
          <span />
          <span />
          <span />
        </div>
      ) : !notices.data || notices.data.list.length === 0 ? (
        <p className="messages-page__empty">{t('empty')}</p>
      ) : (
        <>
          <ul className="notice-list" data-testid="notice-list">
            {notices.data.list.map((notice) => {
              const text = describeNotice(t, formatMoney, notice, scale);
              return (
                <li key={notice.id} className={`notice${notice.isRead ? '' : ' is-unread'}`} data-kind={notice.kind}>
                  <button
                    type="button"
                    className="notice__button"
                    disabled={notice.isRead}
                    onClick={() => markRead.mutate({ ids: [notice.id] })}
                    aria-label={notice.isRead ? undefined : `${t('unread')}: ${text.title}`}
                  >
                    <span className="notice__title">
                      {!notice.isRead && <span className="notice__dot" aria-hidden="true" />}
                      {text.title}
                    </span>
                    <time className="notice__time" dateTime={notice.createdAt}>
                      {formatDateTime(notice.createdAt)}
                    </time>
                    <span className="notice__body">{text.body}</span>
                    {text.note && <span className="notice__note">{text.note}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
          {notices.data.totalPages > 1 && (
            <Pager
              className="messages-page__pager"
              variant="ghost"
              page={page}
              totalPages={notices.data.totalPages}
              onPage={setPage}
              pageLabel={t('page', { page, total: notices.data.totalPages })}
              previousLabel={t('previous')}
              nextLabel={t('next')}
            />
          )}
        </>
      )}
    </div>
  );
}
