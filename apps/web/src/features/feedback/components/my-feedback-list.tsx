import { useTranslation } from 'react-i18next';
import { ListStates } from '../../../components/ui/list-states';
import { useFormatDateTime } from '../../../lib/date-format';
import { translateError } from '../../../lib/i18n';
import { useMyFeedback } from '../api/list-my-feedback';

/** "My feedback": each one's type, text, date, status and the operator's answer once given. */
export function MyFeedbackList() {
  const { t } = useTranslation('feedback');
  const formatDateTime = useFormatDateTime();
  const query = useMyFeedback();
  return (
    <section className="feedback-mine" aria-labelledby="feedback-mine-title">
      <h3 id="feedback-mine-title" className="feedback-mine__title">
        {t('mine')}
      </h3>
      <ListStates
        isLoading={query.isPending}
        errorText={query.error ? translateError(query.error) : null}
        onRetry={() => void query.refetch()}
        value={query.data?.list}
        isEmpty={(list) => list.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('empty') }}
        rows={3}
      >
        {(list) => (
          <ul className="feedback-mine__list">
            {list.map((item) => (
              <li key={item.id} className="feedback-item" data-testid="feedback-item">
                <div className="feedback-item__head">
                  <span className="feedback-item__type">{t(`types.${item.questionType}`)}</span>
                  <span className={`feedback-item__status is-${item.status}`}>{t(`status.${item.status}`)}</span>
                  <time className="feedback-item__date" dateTime={item.createdAt}>
                    {formatDateTime(item.createdAt)}
                  </time>
                </div>
                <p className="feedback-item__text">{item.content}</p>
                {item.imageCount > 0 && (
                  <p className="feedback-item__meta">{t('imageCount', { count: item.imageCount })}</p>
                )}
                {item.reply !== null && (
                  <div className="feedback-item__reply">
                    <p className="feedback-item__reply-label">
                      {t('answer')}
                      {item.repliedAt && ` · ${formatDateTime(item.repliedAt)}`}
                    </p>
                    <p>{item.reply}</p>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}
