import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { oidcProviderBodySchema, type OpsOidcProvider } from '@wps/shared/schemas/oidc';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { TextField } from '@wps/ui/text-field';
import { ReasonField } from '../../../components/reason-field';
import { SelectField } from '../../../components/select-field';
import { useSaveOidcProvider } from '../api/save-oidc-provider';

type Input = z.input<typeof oidcProviderBodySchema>;
type Output = z.output<typeof oidcProviderBodySchema>;

/** Add a provider (the secret required) or change one (an empty secret keeps the stored one). */
export function ProviderForm({ current, onDone }: { current: OpsOidcProvider | null; onDone: () => void }) {
  const { t } = useTranslation('identity-providers');
  const save = useSaveOidcProvider(() => t('saved'));
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(oidcProviderBodySchema),
    defaultValues: {
      name: current?.name ?? '',
      kind: current?.kind ?? 'oidc',
      issuer: current?.issuer ?? '',
      authorizationEndpoint: current?.authorizationEndpoint ?? '',
      tokenEndpoint: current?.tokenEndpoint ?? '',
      userinfoEndpoint: current?.userinfoEndpoint ?? '',
      scopes: current?.scopes ?? 'openid email profile',
      clientId: current?.clientId ?? '',
      clientSecret: '',
      enabled: current?.enabled ?? false,
      reason: '',
    },
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const err = (e: unknown) => (e ? t('fieldError') : undefined);
  const submit = form.handleSubmit(async (body) => {
    if (current === null && !body.clientSecret) {
      form.setError('clientSecret', { message: 'required' });
      return;
    }
    try {
      await save.mutateAsync({ id: current?.id ?? null, body });
      onDone();
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  return (
    <form
      className="idp-form"
      aria-label={current ? t('editTitle', { name: current.name }) : t('addTitle')}
      onSubmit={submit}
      noValidate
    >
      <h2>{current ? t('editTitle', { name: current.name }) : t('addTitle')}</h2>
      <TextField
        label={t('field.name')}
        requiredMark
        autoComplete="off"
        error={err(errors.name)}
        {...form.register('name')}
      />
      <SelectField label={t('field.kind')} hint={t('field.kindHint')} {...form.register('kind')}>
        <option value="oidc">{t('kind.oidc')}</option>
        <option value="oauth2">{t('kind.oauth2')}</option>
      </SelectField>
      <TextField
        label={t('field.issuer')}
        requiredMark
        autoComplete="off"
        inputMode="url"
        error={err(errors.issuer)}
        {...form.register('issuer')}
      />
      {kind === 'oauth2' ? (
        <>
          <TextField
            label={t('field.authorizationEndpoint')}
            requiredMark
            autoComplete="off"
            inputMode="url"
            error={err(errors.authorizationEndpoint)}
            {...form.register('authorizationEndpoint')}
          />
          <TextField
            label={t('field.tokenEndpoint')}
            requiredMark
            autoComplete="off"
            inputMode="url"
            error={err(errors.tokenEndpoint)}
            {...form.register('tokenEndpoint')}
          />
          <TextField
            label={t('field.userinfoEndpoint')}
            requiredMark
            autoComplete="off"
            inputMode="url"
            error={err(errors.userinfoEndpoint)}
            {...form.register('userinfoEndpoint')}
          />
        </>
      ) : null}
      <TextField
        label={t('field.scopes')}
        requiredMark
        autoComplete="off"
        error={err(errors.scopes)}
        {...form.register('scopes')}
      />
      <TextField
        label={t('field.clientId')}
        requiredMark
        autoComplete="off"
        error={err(errors.clientId)}
        {...form.register('clientId')}
      />
      <TextField
        label={t('field.clientSecret')}
        hint={current ? t('field.clientSecretKeep') : t('field.clientSecretHint')}
        requiredMark={current === null}
        type="password"
        autoComplete="new-password"
        error={err(errors.clientSecret)}
        {...form.register('clientSecret')}
      />
      <label className="idp-check">
        <input type="checkbox" role="switch" {...form.register('enabled')} />
        <span>{t('field.enabled')}</span>
      </label>
      <ReasonField
        label={t('field.reason')}
        hint={t('field.reasonHint')}
        required
        error={errors.reason ? t('field.reasonError') : undefined}
        registration={form.register('reason')}
        maxLength={500}
      />
      <FormError message={save.errorMessage} />
      <div className="actions">
        <Button type="submit" loading={save.isPending}>
          {t('save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
