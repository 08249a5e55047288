import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { CONTENT_KINDS, type ContentKind, type OpsContentItem } from '@wps/shared/schemas/content';
import { Tabs } from '../../../components/tabs';
import { useListParams } from '../../../lib/list-params';
import { useCan } from '../../../lib/permissions';
import { useTimeZone } from '../../../lib/time-zone';
import { ContentDialog } from './content-dialog';
import { ContentList } from './content-list';
import './content.css';

/** What the form dialog is doing: a new item of a kind, or an existing item. */
type Editing = { kind: ContentKind; item: OpsContentItem | null };

/**
 * The player site's content (content.read; changes need content.write): one tab per kind, each
 * a server-paged list filtered by status (kind, status and page in the URL), with create and
 * edit, a preview as players will see it, and publish, archive or back to draft with a reason.
 */
export function ContentPage() {
  const { t } = useTranslation('content');
  const canWrite = useCan('content.write');
  const timeZone = useTimeZone();
  const params = useListParams({ filterKeys: ['kind', 'status'], defaultSort: 'id', defaultOrder: 'desc' });
  const kind: ContentKind = CONTENT_KINDS.find((k) => k === params.filters.kind) ?? 'banner';
  const [editing, setEditing] = useState<Editing | null>(null);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <section className="page content-page" aria-labelledby="content-title">
      <div className="page-header">
        <h1 id="content-title">{t('title')}</h1>
        {canWrite && <Button onClick={() => setEditing({ kind, item: null })}>{t('new')}</Button>}
      </div>
      <p>{t('intro')}</p>
      {!canWrite && <p className="content-read-only">{t('readOnly')}</p>}
      <Tabs
        ids={CONTENT_KINDS}
        active={kind}
        onChange={(next) => params.setFilters({ kind: next === 'banner' ? null : next, status: null })}
        label={t('kindsLabel')}
        labelOf={(k) => t(`kinds.${k}`)}
        idPrefix="content-kind"
      >
        <ContentList
          key={kind}
          kind={kind}
          params={params}
          canWrite={canWrite}
          timeZone={timeZone}
          onEdit={(item) => setEditing({ kind, item })}
        />
      </Tabs>
      {editing && (
        <ContentDialog
          key={editing.item?.id ?? `new-${editing.kind}`}
          kind={editing.kind}
          item={editing.item}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
