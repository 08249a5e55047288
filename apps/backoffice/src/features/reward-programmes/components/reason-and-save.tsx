import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { TextField } from '@wps/ui/text-field';

/** The foot of a programme's settings form: why the change is made (kept in the audit log), the error, and Save. */
export function ReasonAndSave({
  reason,
  reasonMissing,
  errorMessage,
  isPending,
}: {
  reason: UseFormRegisterReturn<'reason'>;
  reasonMissing: boolean;
  errorMessage: string | null | undefined;
  isPending: boolean;
}) {
  const { t } = useTranslation('reward-programmes');
  return (
    <>
      <TextField label={t('reason')} {...reason} error={reasonMissing ? t('reasonRequired') : undefined} />
      <FormError message={errorMessage ?? null} />
      <div className="actions">
        <Button type="submit" loading={isPending}>
          {t('save')}
        </Button>
      </div>
    </>
  );
}
