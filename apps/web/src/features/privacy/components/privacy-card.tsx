import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { closeAccountBodySchema, type CloseAccountBody } from '@wps/shared/schemas/privacy';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { createIssueDescriber } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { PasswordField } from '../../../components/form/password-field';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useCloseAccount } from '../api/close-account';
import { useDownloadMyData } from '../api/download-my-data';
import '../privacy.css';

/**
 * The player's rights over their data (docs/compliance.md, "Player rights"): a copy of it as a
 * file, and closing the account with the password (refused while money is on it or on its way).
 */
export function PrivacyCard() {
  const { t } = useTranslation('privacy');
  const download = useDownloadMyData();
  const [isClosing, setIsClosing] = useState(false);
  const formId = useId();
  return (
    <section className="privacy-card" aria-labelledby="privacy-title" data-testid="privacy-card">
      <h4 id="privacy-title" className="privacy-card__title">
        {t('title')}
      </h4>
      <div className="privacy-card__row">
        <p className="privacy-card__text">{t('downloadText')}</p>
        <Button variant="secondary" size="sm" loading={download.isPending} onClick={() => download.mutate()}>
          {t('download')}
        </Button>
      </div>
      <FormError message={download.error ? translateError(download.error) : null} />
      <div className="privacy-card__row">
        <p className="privacy-card__text">{t('closeText')}</p>
        <Button
          variant={isClosing ? 'ghost' : 'secondary'}
          size="sm"
          aria-expanded={isClosing}
          aria-controls={formId}
          onClick={() => setIsClosing((v) => !v)}
        >
          {isClosing ? t('cancel') : t('close')}
        </Button>
      </div>
      {isClosing ? <CloseAccountForm id={formId} /> : null}
    </section>
  );
}

function CloseAccountForm({ id }: { id: string }) {
  const { t } = useTranslation('privacy');
  const { t: ta } = useTranslation('auth');
  const close = useCloseAccount(() => toast.success(t('closed')));
  const label = t('password');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CloseAccountBody>({
    mode: 'onTouched',
    defaultValues: { password: '' },
    resolver: createFormResolver(
      closeAccountBodySchema,
      createIssueDescriber(ta, () => label),
    ),
  });
  const onSubmit = (values: CloseAccountBody) => close.mutate(values);
  return (
    <form id={id} className="privacy-card__form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <p className="privacy-card__warning">{t('closeWarning')}</p>
      <PasswordField label={label} requiredMark error={errors.password?.message} {...register('password')} />
      <FormError message={close.error ? translateError(close.error) : null} />
      <Button type="submit" variant="danger" loading={close.isPending}>
        {t('closeConfirm')}
      </Button>
    </form>
  );
}
