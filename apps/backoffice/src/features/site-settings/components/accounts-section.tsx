import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@wps/ui/text-field';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { SITE_MONEY } from '../../../lib/money';
import { minorAsTyped, typedMinorText, useAmountLocale } from '../../../lib/typed-money';
import { reasonSchema, typedInteger } from '../settings-schemas';
import { CheckField } from './fields';
import { SettingsForm } from './settings-form';

type AccountsValues = {
  maintenance: boolean;
  passwordMaxAgeDays: string;
  maxBankAccountsPerMember: string;
  freeplayDemoBalanceMinor: string;
  reason: string;
};

function accountsSchema(scale: number, locale: string) {
  const shape = siteSettingsSchema.shape;
  return z
    .object({
      maintenance: z.boolean(),
      passwordMaxAgeDays: typedInteger,
      maxBankAccountsPerMember: typedInteger,
      freeplayDemoBalanceMinor: typedMinorText(scale, locale),
      reason: z.string(),
    })
    .pipe(
      z.object({
        maintenance: shape.maintenance,
        passwordMaxAgeDays: shape.passwordMaxAgeDays,
        maxBankAccountsPerMember: shape.maxBankAccountsPerMember,
        freeplayDemoBalanceMinor: shape.freeplayDemoBalanceMinor,
        reason: reasonSchema,
      }),
    );
}

/** Maintenance (every player call refused, the maintenance page shown) and the account limits. */
export function AccountsSection({ view, canWrite }: { view: SiteSettingsView; canWrite: boolean }) {
  const { t } = useTranslation('site-settings');
  const locale = useAmountLocale();
  const { values } = view;
  const scale = values.brand.currencyScale;
  return (
    <SettingsForm<AccountsValues>
      view={view}
      keys={['maintenance', 'passwordMaxAgeDays', 'maxBankAccountsPerMember', 'freeplayDemoBalanceMinor']}
      schema={
        accountsSchema(scale, locale) as unknown as z.ZodType<
          Partial<SiteSettings> & { reason: string },
          AccountsValues
        >
      }
      defaultValues={{
        maintenance: values.maintenance,
        passwordMaxAgeDays: String(values.passwordMaxAgeDays),
        maxBankAccountsPerMember: String(values.maxBankAccountsPerMember),
        freeplayDemoBalanceMinor: minorAsTyped(values.freeplayDemoBalanceMinor, scale, locale),
        reason: '',
      }}
      canWrite={canWrite}
      title={t('sections.accounts')}
    >
      {({ form, errorOf }) => (
        <>
          <fieldset className="site-group">
            <legend>{t('accounts.maintenanceGroup')}</legend>
            <CheckField
              label={t('accounts.maintenance')}
              hint={t('accounts.maintenanceHint')}
              {...form.register('maintenance')}
            />
          </fieldset>
          <div className="site-form__row">
            <TextField
              label={t('accounts.passwordMaxAge')}
              inputMode="numeric"
              autoComplete="off"
              hint={t('accounts.passwordMaxAgeHint')}
              {...form.register('passwordMaxAgeDays')}
              error={errorOf('passwordMaxAgeDays')}
            />
            <TextField
              label={t('accounts.maxBankAccounts')}
              inputMode="numeric"
              autoComplete="off"
              hint={t('accounts.maxBankAccountsHint')}
              {...form.register('maxBankAccountsPerMember')}
              error={errorOf('maxBankAccountsPerMember')}
            />
          </div>
          <TextField
            label={t('accounts.demoBalance', { currency: SITE_MONEY.currency })}
            inputMode="decimal"
            autoComplete="off"
            hint={t('accounts.demoBalanceHint')}
            {...form.register('freeplayDemoBalanceMinor')}
            error={errorOf('freeplayDemoBalanceMinor')}
          />
        </>
      )}
    </SettingsForm>
  );
}
