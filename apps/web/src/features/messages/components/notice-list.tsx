import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Pager } from '@wps/ui/pager';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useBalance } from '../../../lib/api/get-balance';
import { useFormatDateTime } from '../../../lib/date-format';
import { useNotices } from '../api/list-notices';
import { useMarkNoticesRead } from '../api/mark-notices-read';
import { describeNotice } from '../notice-text';
import { InboxSkeleton } from './inbox-skeleton';

export const NOTICES_PAGE_SIZE = 10;

/** The player's transaction notices (deposit credited, withdrawal refused…), unread ones marked; a click reads one. */
export function NoticeList() {
  const { t } = useTranslation('messages');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const [page, setPage] = useState(1);
  const notices = useNotices(page, NOTICES_PAGE_SIZE);
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

  if (notices.isPending) return <InboxSkeleton label={t('loading')} />;
  if (!notices.data || notices.data.list.length === 0) return <p className="messages-page__empty">{t('empty')}</p>;
  return (
    <>
      {unread > 0 && (
        <div className="messages-page__actions">
          <Button variant="ghost" size="sm" loading={markRead.isPending} onClick={readAll}>
            {t('markAllRead')}
          </Button>
        </div>
      )}
      <ul className="notice-list" data-testid="notice-list">
        {notices.data.list.map((notice) => {
          const text = describeNotice(t, formatMoney, notice, scale, formatDateTime);
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
  );
}
