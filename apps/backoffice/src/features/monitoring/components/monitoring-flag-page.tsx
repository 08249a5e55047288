import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { MONITORING_OUTCOMES, type OpsMonitoringFlagDetail } from '@wps/shared/schemas/monitoring';
import { NotesThread } from '../../../components/notes-thread';
import { ReasonField } from '../../../components/reason-field';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { monitoringNoteFormSchema, useAddMonitoringNote } from '../api/add-monitoring-note';
import { monitoringCloseFormSchema, useCloseMonitoringFlag } from '../api/close-monitoring-flag';
import { useMonitoringFlag } from '../api/monitoring-flag';
import { FlagFigures } from './flag-figures';
import { FlagStatus } from './flag-status';
import './monitoring.css';
import { formatPeriodKey } from '../../../lib/format-date';

/**
 * One flag (monitoring.review): the rule, the window and the figures that raised it, the
 * operators' notes with a form for another, and, while it is open, closing it with an outcome
 * and a reason. Both are audited.
 */
export function MonitoringFlagPage() {
  const { t, i18n } = useTranslation('monitoring');
  const { flagId = '' } = useParams();
  const flag = useMonitoringFlag(flagId);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  const at = (iso: string) => <time dateTime={iso}>{dates.format(new Date(iso))}</time>;

  useEffect(() => {
    document.title = t('flag.documentTitle', { id: flagId });
  }, [t, flagId]);

  if (flag.isPending) return <LoadingState label={t('flag.loading')} />;
  if (flag.isError) return <ErrorState message={errorText(t, flag.error)} />;
  const f = flag.data;
  return (
    <section className="page monitoring-flag" aria-labelledby="monitoring-flag-title">
      <p>
        <Link to="/compliance/monitoring">{t('flag.back')}</Link>
      </p>
      <div className="page-header">
        <h1 id="monitoring-flag-title">{t('flag.title', { id: f.id, rule: t(`rules.${f.rule}`) })}</h1>
        <FlagStatus flag={f} />
      </div>
      <dl className="monitoring-facts">
        <dt>{t('columns.player')}</dt>
        <dd>
          <Link to={`/players/${f.memberId}`}>{f.account}</Link>
        </dd>
        <dt>{t('flag.rule')}</dt>
        <dd>{t(`ruleHelp.${f.rule}`)}</dd>
        <dt>{t('columns.period')}</dt>
        <dd>{formatPeriodKey(f.periodKey)}</dd>
        <dt>{t('flag.window')}</dt>
        <dd>
          {at(f.windowStart)} – {at(f.windowEnd)}
        </dd>
        <dt>{t('columns.raised')}</dt>
        <dd>{at(f.raisedAt)}</dd>
        {f.closedAt && (
          <>
            <dt>{t('flag.closed')}</dt>
            <dd>
              {t('flag.closedBy', { outcome: t(`outcomes.${f.outcome}`), by: f.closedBy })} · {at(f.closedAt)}
            </dd>
          </>
        )}
      </dl>
      <section className="page-section" aria-labelledby="monitoring-figures-title">
        <h2 id="monitoring-figures-title">{t('flag.figures')}</h2>
        <FlagFigures figures={f.figures} />
      </section>
      <FlagNotes flag={f} />
      {f.status === 'open' && <CloseForm flag={f} />}
    </section>
  );
}

/** The operators' notes on the flag, with a form for another (audited). */
function FlagNotes({ flag }: { flag: OpsMonitoringFlagDetail }) {
  const { t } = useTranslation('monitoring');
  const add = useAddMonitoringNote(() => t('flag.noted'));
  return (
    <NotesThread
      notes={flag.noteList}
      labels={{
        title: t('flag.notes'),
        none: t('flag.noNotes'),
        form: t('flag.noteForm'),
        label: t('flag.noteLabel'),
        error: t('flag.noteError'),
        add: t('flag.addNote'),
      }}
      schema={monitoringNoteFormSchema}
      onAdd={(body) => add.mutateAsync({ id: flag.id, body })}
      isPending={add.isPending}
      errorMessage={add.errorMessage}
      testId="monitoring-notes"
    />
  );
}

function CloseForm({ flag }: { flag: OpsMonitoringFlagDetail }) {
  const { t } = useTranslation('monitoring');
  const id = useId();
  const close = useCloseMonitoringFlag(() => t('flag.closedNotice', { id: flag.id }));
  const form = useForm<z.input<typeof monitoringCloseFormSchema>, unknown, z.output<typeof monitoringCloseFormSchema>>({
    resolver: zodResolver(monitoringCloseFormSchema),
    defaultValues: { outcome: 'contacted', reason: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await close.mutateAsync({ id: flag.id, ...body });
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  const { errors } = form.formState;
  return (
    <section className="page-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('flag.closeTitle')}</h2>
      <form className="monitoring-form" aria-label={t('flag.closeTitle')} onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-outcome`}>
            {t('flag.outcome')}
          </label>
          <select id={`${id}-outcome`} className="field__input" {...form.register('outcome')}>
            {MONITORING_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {t(`outcomes.${o}`)}
              </option>
            ))}
          </select>
        </div>
        <ReasonField
          label={t('flag.reasonLabel')}
          hint={t('flag.reasonHint')}
          required
          error={errors.reason ? t('flag.reasonError') : undefined}
          registration={form.register('reason')}
          maxLength={500}
        />
        <FormError message={close.errorMessage} />
        <div className="actions">
          <Button type="submit" loading={close.isPending}>
            {t('flag.close')}
          </Button>
        </div>
      </form>
    </section>
  );
}
