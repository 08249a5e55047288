import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import {
  CONTENT_STATUSES,
  type ContentKind,
  type ContentStatus,
  type OpsContentItem,
} from '@wps/shared/schemas/content';
import { DataTable, dataColumns } from '../../../components/data-table';
import { localeTag } from '../../../lib/i18n';
import type { ListParams } from '../../../lib/list-params';
import { promoRewardWarning } from '@wps/shared/schemas/promo-rewards';
import { useContentList } from '../api/content-list';
import { usePromotionRules } from '../api/list-promotion-rules';
import { itemTitle, previewOf, type PreviewContent } from '../content-view';
import { PreviewDialog } from './preview-dialog';
import { StatusDialog } from './status-dialog';

const col = dataColumns<OpsContentItem>();

/** The status changes offered from each status. */
const NEXT_STATUSES: Record<ContentStatus, readonly ContentStatus[]> = {
  draft: ['published', 'archived'],
  published: ['archived', 'draft'],
  archived: ['published', 'draft'],
};
const ACTION_KEY: Record<ContentStatus, string> = { published: 'publish', archived: 'archive', draft: 'toDraft' };

type ContentListProps = {
  kind: ContentKind;
  params: ListParams;
  canWrite: boolean;
  timeZone: string;
  onEdit: (item: OpsContentItem) => void;
};

/** One kind's items: title, group, status, schedule (in the operator's zone), order and version. */
export function ContentList({ kind, params, canWrite, timeZone, onEdit }: ContentListProps) {
  const { t, i18n } = useTranslation('content');
  const statusId = useId();
  const query = params.toQuery();
  query.set('kind', kind);
  const list = useContentList(query);
  const [previewing, setPreviewing] = useState<PreviewContent | null>(null);
  const [changing, setChanging] = useState<{ item: OpsContentItem; to: ContentStatus } | null>(null);
  // A promotion that offers a bonus with no live rule paying it (or whose rule was switched off since).
  const { links } = usePromotionRules(kind === 'promotion');

  const columns = useMemo(() => {
    const time = new Intl.DateTimeFormat(localeTag(i18n.language), {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone,
    });
    const at = (iso: string) => <time dateTime={iso}>{time.format(new Date(iso))}</time>;
    const unpaid = (item: OpsContentItem) =>
      item.kind === 'promotion' && promoRewardWarning(item.bonusOffer, links.get(item.id) ?? []) !== null;
    return col.columns([
      col.display({
        id: 'title',
        header: t('columns.title'),
        meta: { rowHeader: true },
        cell: (info) => (
          <span className="content-title-cell">
            {itemTitle(info.row.original)}
            {unpaid(info.row.original) && <span className="content-rule-warning"> ⚠ {t('rules.listWarning')}</span>}
          </span>
        ),
      }),
      col.accessor('groupCode', {
        id: 'group',
        header: t('columns.group'),
        // The group's name; its code (what the site's routes ask for) under it.
        // The group's name; its code (what the site's routes ask for) in its title, so the column
        // stays narrow enough for the list to fit at 1024 px.
        cell: (info) => (
          <span className="content-group-cell" title={info.getValue()}>
            {t(`groupNames.${info.getValue()}`, { defaultValue: info.getValue() })}
          </span>
        ),
      }),
      col.accessor('status', {
        id: 'status',
        header: t('columns.status'),
        cell: (info) => (
          <span className={`status-pill content-status--${info.getValue()}`} data-status={info.getValue()}>
            {t(`statuses.${info.getValue()}`)}
          </span>
        ),
      }),
      col.display({
        id: 'schedule',
        header: t('columns.schedule'),
        cell: (info) => {
          const { publishFrom: from, publishUntil: until } = info.row.original;
          if (from && until)
            return (
              <span className="content-schedule">
                {at(from)} – {at(until)}
              </span>
            );
          if (from)
            return (
              <span className="content-schedule">
                {t('schedule.from', { from: '' })}
                {at(from)}
              </span>
            );
          if (until)
            return (
              <span className="content-schedule">
                {t('schedule.until', { until: '' })}
                {at(until)}
              </span>
            );
          return <span className="content-muted">{t('schedule.always')}</span>;
        },
      }),
      col.accessor('sortOrder', {
        id: 'sortOrder',
        header: t('columns.order'),
        enableSorting: true,
        meta: { numeric: true },
        cell: (info) => info.getValue(),
      }),
      col.accessor('version', {
        id: 'version',
        header: t('columns.version'),
        meta: { numeric: true },
        cell: (info) => info.getValue(),
      }),
      col.display({
        id: 'actions',
        header: t('columns.actions'),
        cell: (info) => {
          const item = info.row.original;
          const title = itemTitle(item);
          return (
            <span className="content-actions" role="group" aria-label={t('actionsFor', { title })}>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('previewFor', { title })}
                onClick={() => setPreviewing(previewOf(item))}
              >
                {t('preview')}
              </Button>
              {canWrite && (
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('editFor', { title })}
                    onClick={() => onEdit(item)}
                  >
                    {t('edit')}
                  </Button>
                  {NEXT_STATUSES[item.status].map((to) => (
                    <Button
                      key={to}
                      size="sm"
                      variant={to === 'archived' ? 'ghost' : 'secondary'}
                      onClick={() => setChanging({ item, to })}
                    >
                      {t(ACTION_KEY[to])}
                    </Button>
                  ))}
                </>
              )}
            </span>
          );
        },
      }),
    ]);
  }, [t, i18n.language, timeZone, canWrite, onEdit, links]);

  const toolbar = (
    <div className="filter-bar filter-bar--end content-filters">
      <div className="field">
        <label className="field__label" htmlFor={statusId}>
          {t('statusFilter')}
        </label>
        <select
          id={statusId}
          className="field__input"
          value={params.filters.status ?? ''}
          onChange={(event) => params.setFilters({ status: event.target.value || null })}
        >
          <option value="">{t('allStatuses')}</option>
          {CONTENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="content-muted">{t('zone', { zone: timeZone })}</p>
    </div>
  );

  return (
    <>
      <DataTable
        caption={t('caption', { kind: t(`kinds.${kind}`) })}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        toolbar={toolbar}
        emptyTitle={t('empty')}
        emptyBody={canWrite ? t('emptyWrite') : undefined}
      />
      {previewing && <PreviewDialog content={previewing} onClose={() => setPreviewing(null)} />}
      {changing && (
        <StatusDialog
          key={`${changing.item.id}:${changing.to}`}
          item={changing.item}
          to={changing.to}
          onClose={() => setChanging(null)}
        />
      )}
    </>
  );
}
