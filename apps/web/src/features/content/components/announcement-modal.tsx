import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@wps/ui/modal';
import { Pager } from '@wps/ui/pager';
import { ListStates } from '../../../components/ui/list-states';
import { useFormatDateTime } from '../../../lib/date-format';
import { translateError } from '../../../lib/i18n';
import { useAnnouncements } from '../api/list-announcements';
import { closeAnnouncements } from '../announcement-store';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import './announcements.css';

/**
 * The announcement modal: nine titles a page on the left with a pager, the chosen one's title,
 * date and HTML (sanitised again) on the right; stacked on phones.
 */
export function AnnouncementModal() {
  const { t } = useTranslation('common');
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const query = useAnnouncements({ pageNo });
  const list = query.data?.list ?? [];
  const chosen = list.find((item) => item.id === chosenId) ?? list[0];

  const goToPage = (page: number) => {
    setPageNo(page);
    setChosenId(null);
  };

  return (
    <Modal open onClose={closeAnnouncements} title={t('announcements.title')} size="lg">
      <ListStates
        isLoading={query.isPending}
        errorText={query.error ? translateError(query.error) : null}
        onRetry={() => void query.refetch()}
        value={query.data}
        isEmpty={(page) => page.list.length === 0}
        labels={{
          loading: t('announcements.loading'),
          retry: t('announcements.retry'),
          empty: t('announcements.empty'),
        }}
        rows={4}
      >
        {(page) => (
          <div className="announcements">
            <div className="announcements__side">
              <ul className="announcements__list" aria-label={t('announcements.list')}>
                {page.list.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      className={`announcements__item${item.id === chosen?.id ? ' is-active' : ''}`}
                      aria-current={item.id === chosen?.id ? 'true' : undefined}
                      onClick={() => setChosenId(item.id)}
                    >
                      <span className="announcements__item-title">{item.title}</span>
                      <time className="announcements__date" dateTime={item.publishedAt}>
                        {formatDateTime(item.publishedAt)}
                      </time>
                    </button>
                  </li>
                ))}
              </ul>
              {page.totalPages > 1 && (
                <Pager
                  className="announcements__pager"
                  page={page.pageNo}
                  totalPages={page.totalPages}
                  onPage={goToPage}
                  label={t('announcements.pages')}
                  pageLabel={t('announcements.pageOf', { page: page.pageNo, total: page.totalPages })}
                  previousLabel={t('announcements.previous')}
                  nextLabel={t('announcements.next')}
                />
              )}
            </div>
            {chosen && (
              <article className="announcements__body" aria-labelledby={`announcement-${chosen.id}`}>
                <h3 id={`announcement-${chosen.id}`} className="announcements__title">
                  {chosen.title}
                </h3>
                <SanitizedHtml className="announcements__html" html={chosen.content} />
              </article>
            )}
          </div>
        )}
      </ListStates>
    </Modal>
  );
}
