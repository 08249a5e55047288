import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { isApiError } from '../../../lib/api-client';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useReopenSelfExclusion } from '../api/reopen-self-exclusion';

/** The proof a refused login carries when the player's self-exclusion period is over (RG_SELF_EXCLUDED, expired). */
export function reopenTokenOf(error: unknown): string | null {
  if (!isApiError(error, 'RG_SELF_EXCLUDED')) return null;
  const value = error.value as { expired?: unknown; reopenToken?: unknown } | null | undefined;
  return value?.expired === true && typeof value.reopenToken === 'string' ? value.reopenToken : null;
}

/** After a self-exclusion ends, coming back is an explicit request, then a cooling-off day (docs/compliance.md). */
export function ReopenSelfExclusion({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const formats = useFormats();
  const reopen = useReopenSelfExclusion();
  if (reopen.data) {
    return (
      <p className="auth-form__note" role="status" data-testid="reopen-requested">
        {t('selfExclusion.requested', { at: formats.dateTime(reopen.data.coolingOffUntil) })}
      </p>
    );
  }
  return (
    <>
      <p className="auth-form__note">{t('selfExclusion.over')}</p>
      <Button
        variant="secondary"
        block
        loading={reopen.isPending}
        onClick={() => reopen.mutate(token)}
        data-testid="reopen-request"
      >
        {t('selfExclusion.request')}
      </Button>
      <FormError message={reopen.error ? translateError(reopen.error) : null} />
    </>
  );
}
