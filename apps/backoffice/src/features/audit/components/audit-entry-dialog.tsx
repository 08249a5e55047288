import { useTranslation } from 'react-i18next';
import { Modal } from '@wps/ui/modal';
import type { AuditSearchEntry } from '@wps/shared/schemas/audit';
import { AuditAction } from '../../../components/audit-action';
import { diffStates } from '../diff';
import { actorLabel } from './actor-label';

/** One audit entry: who, when, why, and its state before and after, field by field with the changes marked. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditSearchEntry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('audit');
  if (!entry) return null;
  const rows = diffStates(entry.before, entry.after);
  const time = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(entry.at));
  return (
    <Modal open onClose={onClose} title={t('detail.title', { id: entry.id })} size="lg">
      <dl className="facts audit-entry__facts">
        <div>
          <dt>{t('detail.at')}</dt>
          <dd>
            <time dateTime={entry.at}>{time}</time>
          </dd>
        </div>
        <div>
          <dt>{t('detail.actor')}</dt>
          <dd>{actorLabel(t, entry)}</dd>
        </div>
        <div>
          <dt>{t('detail.action')}</dt>
          <dd>
            <AuditAction code={entry.action} />
          </dd>
        </div>
        <div>
          <dt>{t('detail.subject')}</dt>
          <dd>
            <code>
              {entry.subjectType} #{entry.subjectId}
            </code>
          </dd>
        </div>
        <div>
          <dt>{t('detail.reason')}</dt>
          <dd>{entry.reason ?? t('noReason')}</dd>
        </div>
      </dl>
      {rows.length === 0 ? (
        <p>{t('detail.noState')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="audit-diff-caption" tabIndex={0}>
          <table className="data-table audit-diff">
            <caption id="audit-diff-caption">{t('detail.changes')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('detail.field')}</th>
                <th scope="col">{t('detail.before')}</th>
                <th scope="col">{t('detail.after')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.field}
                  className={row.changed ? 'audit-diff__changed' : undefined}
                  data-changed={row.changed || undefined}
                >
                  <th scope="row">
                    <code>{row.field}</code>
                    {row.changed && <span className="audit-diff__mark"> ({t('detail.changed')})</span>}
                  </th>
                  <td className="audit-diff__before">{row.before ?? t('detail.absent')}</td>
                  <td className="audit-diff__after">{row.after ?? t('detail.absent')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
