import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { useFormatDateTime } from '../../../lib/date-format';
import { useAnnouncements } from '../api/list-announcements';
import { readIndexNotice, saveIndexNotice } from '../index-notice';
import './announcements.css';

/** The most notices the modal offers at once (the newest). */
const NOTICE_LIMIT = 10;

/**
 * The notice modal: on entering the home page, the live notices (announcements of type H), one
 * at a time with next and previous, once per browser session (the `index_notice` cache). Calls
 * `onSettled` once there is nothing (more) to show, so the app can offer what waits behind it.
 */
export function NoticeModal({ onSettled }: { onSettled: () => void }) {
  const { t } = useTranslation('common');
  const formatDateTime = useFormatDateTime();
  // Read once: a session that already had the modal offered never fetches or shows it again.
  const [wasOffered] = useState(() => readIndexNotice() !== null);
  const [isClosed, setClosed] = useState(false);
  const [index, setIndex] = useState(0);
  const query = useAnnouncements({ type: 'H', pageNo: 1, pageSize: NOTICE_LIMIT }, !wasOffered);
  const list = query.data?.list ?? [];
  const isIdle = wasOffered || isClosed || query.isError || (query.isSuccess && list.length === 0);

  useEffect(() => {
    if (!wasOffered && query.isSuccess) saveIndexNotice(query.data.list);
  }, [wasOffered, query.isSuccess, query.data]);
  useEffect(() => {
    if (isIdle) onSettled();
  }, [isIdle, onSettled]);

  const notice = list[Math.min(index, list.length - 1)];
  if (isIdle || !notice) return null;
  const close = () => setClosed(true);

  return (
    <Modal open onClose={close} title={t('notice.title')} size="md">
      <article className="notice-modal" aria-labelledby={`notice-${notice.id}`} data-testid="notice-modal">
        <h3 id={`notice-${notice.id}`} className="announcements__title">
          {notice.title}
        </h3>
        <time className="announcements__date" dateTime={notice.publishedAt}>
          {formatDateTime(notice.publishedAt)}
        </time>
        <SanitizedHtml className="announcements__html" html={notice.content} />
      </article>
      <div className="announcements__popup-actions notice-modal__actions">
        {list.length > 1 && (
          <>
            <Button variant="ghost" disabled={index === 0} onClick={() => setIndex(index - 1)}>
              {t('notice.previous')}
            </Button>
            <span className="notice-modal__position">
              {t('notice.position', { index: index + 1, total: list.length })}
            </span>
            <Button variant="ghost" disabled={index >= list.length - 1} onClick={() => setIndex(index + 1)}>
              {t('notice.next')}
            </Button>
          </>
        )}
        <Button onClick={close}>{t('notice.close')}</Button>
      </div>
    </Modal>
  );
}
