import { useTranslation } from 'react-i18next';
import type { AmlCaseStatus, AmlRating } from '@wps/shared/schemas/aml';

/** A player's risk rating in words, coloured by level. */
export function RatingBadge({ rating }: { rating: AmlRating }) {
  const { t } = useTranslation('aml');
  return <span className={`aml-rating aml-rating--${rating}`}>{t(`ratings.${rating}`)}</span>;
}

/** A case's state in words. */
export function CaseStatus({ status }: { status: AmlCaseStatus }) {
  const { t } = useTranslation('aml');
  return <span className={`aml-status aml-status--${status}`}>{t(`statuses.${status}`)}</span>;
}
