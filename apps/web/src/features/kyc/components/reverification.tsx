import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { translateError } from '../../../lib/i18n';
import { useKycStatus } from '../api/get-kyc-status';
import { useStartReverification } from '../api/start-reverification';
import '../../../components/ui/content-page.css';
import '../kyc.css';

export const REVERIFY_PATH = '/kyc/reverify';

/**
 * A login found a face check due (docs/compliance.md, "KYC": re-verification at login): the
 * session may only do the check, so every page sends the player to it until it passes.
 */
export function ReverificationRedirect() {
  const { data } = useKycStatus();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const due = data?.reverification !== null && data?.reverification !== undefined;
  useEffect(() => {
    if (due && pathname !== REVERIFY_PATH) void navigate(REVERIFY_PATH);
  }, [due, pathname, navigate]);
  return null;
}

/** The face check's page: why it is asked, the way to the provider's selfie step, and its outcome. */
export function ReverificationPage() {
  const { t } = useTranslation('kyc');
  const status = useKycStatus();
  const start = useStartReverification();
  const kyc = status.data;
  if (status.isError) return <FormError message={translateError(status.error)} />;
  if (!kyc) return <p className="content-page__note">{t('loading')}</p>;
  const due = kyc.reverification;
  return (
    <div className="content-page" data-testid="kyc-reverify">
      <h1 className="content-page__title">{t('reverify.title')}</h1>
      {due ? (
        <>
          <p className="content-page__note">{t('reverify.intro')}</p>
          {due.status === 'failed' ? (
            <p className="content-page__alert" role="alert">
              {t('reverify.failed', { reason: due.reason ?? '' })}
            </p>
          ) : null}
          {due.status === 'review' ? <p className="content-page__alert">{t('reverify.review')}</p> : null}
          <FormError message={start.error ? translateError(start.error) : null} />
          {due.status === 'review' ? null : (
            <Button loading={start.isPending} onClick={() => start.mutate()}>
              {due.status === 'pending'
                ? t('reverify.continue')
                : due.status === 'failed'
                  ? t('retry')
                  : t('reverify.start')}
            </Button>
          )}
        </>
      ) : (
        <>
          <p className="kyc-page__done" role="status">
            {t('reverify.done')}
          </p>
          <Link className="kyc-page__link" to="/">
            {t('toLobby')}
          </Link>
        </>
      )}
    </div>
  );
}
