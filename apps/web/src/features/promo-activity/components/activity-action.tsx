import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@wps/shared/schemas/promo';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { openLoginPrompt } from '../../../lib/login-prompt';
import { useClaimPromotion } from '../api/claim-promotion';
import { useJoinPromotion } from '../api/join-promotion';
import { ApplyForm } from './apply-form';
import './promo-activity.css';

/** The statuses that are a button the player presses; the others are a state to read. */
const ACTIONS = new Set<Activity['status']>(['join', 'apply', 'issued', 'login']);

/**
 * A promotion's activity for the player: its status in the product's words and, when there is
 * something to do, the button (Join, Apply with the form, Claim, or log in for a visitor). On a
 * card the Apply button leads to the promotion's page, where the form has room (`compact`).
 */
export function ActivityAction({
  activity,
  compact = false,
  detailHref,
}: {
  activity: Activity;
  compact?: boolean;
  detailHref?: string;
}) {
  const { t } = useTranslation('promo');
  const join = useJoinPromotion();
  const claim = useClaimPromotion();
  const [isApplying, setApplying] = useState(false);
  const { status, promotionId } = activity;

  const onJoin = () =>
    join.mutate(promotionId, {
      onSuccess: () => toast.success(t('joinedToast')),
      onError: (error) => toast.error(translateError(error)),
    });
  const onClaim = () =>
    claim.mutate(promotionId, {
      onSuccess: () => toast.success(t('claimedToast')),
      onError: (error) => toast.error(translateError(error)),
    });

  return (
    <div className="activity" data-status={status}>
      <p className="activity__status">
        <span className="activity__label">{t('statusLabel')}</span>{' '}
        <span className={`activity-badge activity-badge--${status}`}>{t(`status.${status}`)}</span>
        {activity.period !== 'once' && <span className="activity__period"> · {t(`period.${activity.period}`)}</span>}
      </p>
      {status === 'rejected' && activity.reason && (
        <p className="activity__reason">{t('rejectedReason', { reason: activity.reason })}</p>
      )}
      {ACTIONS.has(status) && (
        <div className="activity__actions">
          {status === 'login' && (
            <Button size="sm" onClick={() => openLoginPrompt('login')}>
              {t('loginToJoin')}
            </Button>
          )}
          {status === 'join' && (
            <Button size="sm" loading={join.isPending} onClick={onJoin}>
              {t('action.join')}
            </Button>
          )}
          {status === 'issued' && (
            <Button size="sm" loading={claim.isPending} onClick={onClaim}>
              {t('action.claim')}
            </Button>
          )}
          {status === 'apply' &&
            (compact && detailHref ? (
              <Link className="activity__link" to={detailHref}>
                {t('action.apply')}
              </Link>
            ) : (
              !isApplying && (
                <Button size="sm" onClick={() => setApplying(true)}>
                  {t('action.apply')}
                </Button>
              )
            ))}
        </div>
      )}
      {status === 'apply' && !compact && isApplying && (
        <ApplyForm promotionId={promotionId} onDone={() => setApplying(false)} />
      )}
    </div>
  );
}
