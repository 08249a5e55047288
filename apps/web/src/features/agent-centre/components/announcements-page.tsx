import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@wps/ui/pager';
import { ListStates } from '../../../components/ui/list-states';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useCentreAnnouncements } from '../api/get-centre-announcements';
import '../agent-centre.css';

/** The agents' announcements (the operator's announcements of the agents' type), newest first. */
export function AnnouncementsPage() {
  const { t } = useTranslation('agent');
  const formats = useFormats();
  const [page, setPage] = useState(1);
  const announcements = useCentreAnnouncements({ page, pageSize: 10 });
  return (
    <section className="ac-page-body" data-testid="agent-announcements">
      <ListStates
        isLoading={announcements.isPending}
        errorText={announcements.error ? translateError(announcements.error) : null}
        onRetry={() => void announcements.refetch()}
        value={announcements.data}
        isEmpty={(p) => p.list.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('reports.noAnnouncements') }}
        rows={3}
      >
        {(p) => (
          <>
            {p.list.map((a) => (
              <article key={a.id} className="ac-card" aria-label={a.title}>
                <h3 className="ac-card__title">{a.title}</h3>
                <p className="ac-note">{formats.dateTime(a.publishedAt)}</p>
                <SanitizedHtml html={a.content} />
              </article>
            ))}
            {p.totalPages > 1 && (
              <Pager
                page={p.page}
                totalPages={p.totalPages}
                onPage={setPage}
                pageLabel={t('pager', { page: p.page, total: p.totalPages })}
                previousLabel={t('previous')}
                nextLabel={t('next')}
              />
            )}
          </>
        )}
      </ListStates>
    </section>
  );
}
