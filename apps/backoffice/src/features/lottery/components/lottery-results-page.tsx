import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { errorText } from '../../../lib/error-text';
import { usePendingResults } from '../api/pending-results';
import { usePendingVoids } from '../api/pending-voids';
import { EntryReview } from './entry-review';
import { VoidReview } from './void-review';
import './lottery.css';

/**
 * Results waiting for a second operator (lottery.read; reviewing needs lottery.results): each
 * with who typed it, the result, and approve or reject. A draw's result is typed in on its page.
 * Below them, the voids asked for after a result was known, which wait for a second operator too.
 */
export function LotteryResultsPage() {
  const { t } = useTranslation('lottery');
  const { t: tc } = useTranslation();
  const pending = usePendingResults();
  const voids = usePendingVoids();

  useEffect(() => {
    document.title = t('results.documentTitle');
  }, [t]);

  return (
    <section className="page lottery-page" aria-labelledby="lottery-results-title">
      <div className="page-header">
        <h1 id="lottery-results-title">{t('results.title')}</h1>
      </div>
      <p>{t('results.intro')}</p>
      <p>
        <Link to="/lottery/draws?status=closed">{t('results.closedDraws')}</Link>
      </p>
      {pending.isPending ? (
        <LoadingState label={t('loading')} />
      ) : pending.isError ? (
        <ErrorState message={errorText(tc, pending.error)} />
      ) : pending.data.length === 0 ? (
        <EmptyState title={t('results.empty')} />
      ) : (
        pending.data.map((entry) => (
          <div key={entry.entryId} className="lottery-queue-item">
            <Link to={`/lottery/draws/${entry.drawId}`}>
              {t('results.openDraw', { gameCode: entry.gameCode, numero: entry.numero })}
            </Link>
            <EntryReview entry={entry} title={t('results.entryTitle', { entryId: entry.entryId })} />
          </div>
        ))
      )}
      {voids.data && voids.data.length > 0 && (
        <section aria-labelledby="lottery-voids-title">
          <h2 id="lottery-voids-title">{t('voids.queueTitle')}</h2>
          {voids.data.map((request) => (
            <div key={request.requestId} className="lottery-queue-item">
              <Link to={`/lottery/draws/${request.drawId}`}>
                {t('results.openDraw', { gameCode: request.gameCode, numero: request.numero })}
              </Link>
              <VoidReview request={request} title={t('voids.requestTitle', { requestId: request.requestId })} />
            </div>
          ))}
        </section>
      )}
    </section>
  );
}
