import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { translateError } from '../../../lib/i18n';
import { useContactConfirmation } from '../api/get-contact-confirmation';
import { EmailBindForm } from './email-bind-form';
import { MobileBindForm } from './mobile-bind-form';
import '../../../components/ui/content-page.css';

export const SIGN_UP_CONTACT_PATH = '/welcome/contact';

/**
 * The sign-up's step under a licence that asks for a confirmed contact (docs/compliance.md,
 * "Registration"): an account registered by username links an e-mail or a mobile number with the
 * code sent to it (the security centre's own forms), and may deposit, play or withdraw from then
 * on. An account with nothing pending (a registration by mobile with its SMS code, the generic
 * licence) goes straight on to `next`.
 */
export function SignUpContactStep({ next }: { next: string }) {
  const { t } = useTranslation('security');
  const status = useContactConfirmation();
  const navigate = useNavigate();
  const [channel, setChannel] = useState<'email' | 'mobile'>('email');
  const pending = status.data?.pending;
  useEffect(() => {
    if (pending === false) void navigate(next, { replace: true });
  }, [pending, next, navigate]);
  if (status.isPending) return <p className="content-page__note">{t('contactStep.loading')}</p>;
  if (status.isError) return <FormError message={translateError(status.error)} />;
  if (!pending) return null;
  const done = () => void status.refetch();
  return (
    <div className="content-page" data-testid="sign-up-contact">
      <p className="content-page__step">{t('contactStep.step')}</p>
      <h1 className="content-page__title">{t('contactStep.title')}</h1>
      <p className="content-page__note">{t('contactStep.intro')}</p>
      {channel === 'email' ? <EmailBindForm onDone={done} /> : <MobileBindForm onDone={done} />}
      <Button variant="ghost" onClick={() => setChannel(channel === 'email' ? 'mobile' : 'email')}>
        {channel === 'email' ? t('contactStep.useMobile') : t('contactStep.useEmail')}
      </Button>
    </div>
  );
}
