import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import type { OpsLotteryEntry } from '@wps/shared/schemas/lottery-ops';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useMe } from '../../../lib/api/get-me';
import { localeTag } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useReviewResult } from '../api/review-result';
import { ResultView } from './result-view';

/**
 * A typed-in result waiting for its second operator: who typed it and when, the result, and
 * (lottery.results) approve or reject. The operator who typed it is told so, and the server's
 * refusal (LOTTERY_RESULT_SAME_OPERATOR) is shown if they try anyway.
 */
export function EntryReview({ entry, title }: { entry: OpsLotteryEntry; title: string }) {
  const { t, i18n } = useTranslation('lottery');
  const me = useMe();
  const canReview = useCan('lottery.results');
  const [rejecting, setRejecting] = useState(false);
  const review = useReviewResult((_, input) => (input.approve ? t('results.approved') : t('results.rejected')));
  const isMine = me.data?.operatorId === entry.enteredBy;
  const when = new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'medium' }).format(
    new Date(entry.enteredAt),
  );

  return (
    <section className="lottery-entry" aria-label={title}>
      <h3>{title}</h3>
      <p className="lottery-entry__who">
        {t('results.enteredBy', { name: entry.enteredByName ?? `#${entry.enteredBy}`, when })}
      </p>
      {isMine && (
        <p className="lottery-note" role="note">
          {t('results.yours')}
        </p>
      )}
      <ResultView result={entry.result} label={t('results.resultLabel')} />
      {canReview && (
        <>
          <FormError message={rejecting ? null : review.errorMessage} />
          <div className="actions">
            <Button variant="secondary" onClick={() => setRejecting(true)} disabled={review.isPending}>
              {t('results.reject')}
            </Button>
            <Button
              loading={review.isPending && !rejecting}
              onClick={() => void review.mutateAsync({ entryId: entry.entryId, approve: true }).catch(() => undefined)}
            >
              {t('results.approve')}
            </Button>
          </div>
        </>
      )}
      {rejecting && (
        <ConfirmDialog
          open
          onClose={() => setRejecting(false)}
          title={t('results.rejectTitle')}
          description={t('results.rejectDescription')}
          confirmLabel={t('results.reject')}
          onConfirm={(reason) => review.mutateAsync({ entryId: entry.entryId, approve: false, reason })}
          isPending={review.isPending}
          errorMessage={review.errorMessage}
        />
      )}
    </section>
  );
}
