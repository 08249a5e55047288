import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import type { AmlCaseDetail } from '@wps/shared/schemas/aml';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useAmlCase } from '../api/aml-case';
import { downloadAmlReport } from '../api/aml-report';
import { CaseStatus } from './aml-badges';
import { AmlReasons } from './aml-reasons';
import { CaseActions } from './case-actions';
import { CaseNotes } from './case-notes';
import { PlayerStanding } from './player-standing';
import './aml.css';

/**
 * One case (aml.review): what opened it and the player's rating now with its reasons, the
 * filing (who proposed, who approved, COAF's protocol), the notes, the steps its state allows,
 * and the COAF report as a JSON file (the draft until filed, then the report as sent).
 */
export function AmlCasePage() {
  const { t, i18n } = useTranslation('aml');
  const { caseId = '' } = useParams();
  const amlCase = useAmlCase(caseId);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  const at = (iso: string) => <time dateTime={iso}>{dates.format(new Date(iso))}</time>;

  useEffect(() => {
    document.title = t('case.documentTitle', { id: caseId });
  }, [t, caseId]);

  if (amlCase.isPending) return <LoadingState label={t('case.loading')} />;
  if (amlCase.isError) return <ErrorState message={errorText(t, amlCase.error)} />;
  const c = amlCase.data;
  return (
    <section className="page aml-case" aria-labelledby="aml-case-title">
      <p>
        <Link to="/compliance/aml">{t('case.back')}</Link>
      </p>
      <div className="page-header">
        <h1 id="aml-case-title">{t('case.title', { id: c.id, trigger: t(`triggers.${c.trigger}`) })}</h1>
        <CaseStatus status={c.status} />
      </div>
      <dl className="aml-facts">
        <dt>{t('columns.player')}</dt>
        <dd>
          <Link to={`/players/${c.memberId}`}>{c.account}</Link>
        </dd>
        <dt>{t('case.summary')}</dt>
        <dd>{c.summary}</dd>
        <dt>{t('columns.assignee')}</dt>
        <dd>{c.assignee ?? t('case.nobody')}</dd>
        <dt>{t('case.openedBy')}</dt>
        <dd>
          {c.openedBy ?? t('case.system')} · {at(c.openedAt)}
        </dd>
      </dl>
      <ReportExport amlCase={c} />
      <PlayerStanding player={c.player} />
      <section className="page-section" aria-labelledby="aml-opening-title">
        <h2 id="aml-opening-title">{t('case.openingReasons')}</h2>
        <AmlReasons reasons={c.openingReasons} label={t('case.openingReasons')} />
      </section>
      {c.filing && (
        <section className="page-section" aria-labelledby="aml-filing-title">
          <h2 id="aml-filing-title">{t('filing.title')}</h2>
          <dl className="aml-facts">
            <dt>{t('filing.proposedBy')}</dt>
            <dd>
              {c.filing.proposedBy} · {at(c.filing.proposedAt)}
            </dd>
            <dt>{t('filing.approvedBy')}</dt>
            <dd>
              {c.filing.approvedBy && c.filing.approvedAt
                ? `${c.filing.approvedBy} · ${dates.format(new Date(c.filing.approvedAt))}`
                : t('filing.waiting')}
            </dd>
            <dt>{t('filing.protocol')}</dt>
            <dd>{c.filing.protocol ?? t('filing.notSent')}</dd>
            <dt>{t('filing.narrative')}</dt>
            <dd className="aml-narrative">{c.filing.narrative}</dd>
          </dl>
        </section>
      )}
      {c.dismissal && (
        <section className="page-section" aria-labelledby="aml-dismissal-title">
          <h2 id="aml-dismissal-title">{t('dismissal.title')}</h2>
          <p>{t('dismissal.by', { by: c.dismissal.by, reason: c.dismissal.reason })}</p>
        </section>
      )}
      <CaseActions amlCase={c} />
      <CaseNotes amlCase={c} />
    </section>
  );
}

/** The COAF report as a JSON file: the draft it would be now, or the report as filed. */
function ReportExport({ amlCase }: { amlCase: AmlCaseDetail }) {
  const { t } = useTranslation('aml');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadAmlReport(amlCase.id);
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="aml-actions">
      <Button variant="secondary" loading={busy} onClick={() => void download()}>
        {amlCase.status === 'filed' ? t('report.downloadFiled') : t('report.downloadDraft')}
      </Button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
