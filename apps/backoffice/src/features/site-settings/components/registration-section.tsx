import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TableScroll } from '@wps/ui/table-scroll';
import { TextField } from '@wps/ui/text-field';
import { PATTERN_IDS } from '@wps/shared/validation-patterns';
import { REGISTER_FIELDS } from '@wps/shared/schemas/system';
import type { SiteSettings, SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { SITE_MONEY } from '../../../lib/money';
import { useAmountLocale } from '../../../lib/typed-money';
import {
  ALWAYS_REQUIRED,
  SHOW_FLAGS,
  registrationSchema,
  registrationValues,
  type RegistrationValues,
} from '../registration-form';
import { CheckField } from './fields';
import { RegistrationPreview } from './registration-preview';
import { SettingsForm, type SettingsFormApi } from './settings-form';

/**
 * Registration: which fields the form shows and requires, each field's rule (patterns 0–22,
 * lengths, an optional extra expression), the minimum age and the sign-up bonus; with a preview
 * of the form players get, where the operator can try values against the rules as typed.
 */
export function RegistrationSection({ view, canWrite }: { view: SiteSettingsView; canWrite: boolean }) {
  const { t } = useTranslation('site-settings');
  const locale = useAmountLocale();
  const scale = view.values.brand.currencyScale;
  return (
    <SettingsForm<RegistrationValues>
      view={view}
      keys={['register', 'minimumAge', 'registrationBonusMinor']}
      schema={
        registrationSchema(view.values.register, scale, locale) as unknown as z.ZodType<
          Partial<SiteSettings> & { reason: string },
          RegistrationValues
        >
      }
      defaultValues={registrationValues(view.values, scale, locale)}
      canWrite={canWrite}
      title={t('sections.registration')}
      wide
      preview={(values) => (
        <RegistrationPreview values={values} stored={view.values.register} modules={view.values.modules} />
      )}
    >
      {(api) => (
        <>
          <FieldRulesTable api={api} />
          <CheckField
            label={t('registration.countryPicker')}
            {...api.form.register('register.showRegisterCountryCode')}
          />
          <CheckField
            label={t('registration.consentPreticked')}
            hint={t('registration.consentPretickedHint')}
            {...api.form.register('register.consentPreticked')}
          />
          <div className="site-form__row">
            <TextField
              label={t('registration.minimumAge')}
              inputMode="numeric"
              autoComplete="off"
              {...api.form.register('minimumAge')}
              error={api.errorOf('minimumAge')}
            />
            <TextField
              label={t('registration.bonus', { currency: SITE_MONEY.currency })}
              inputMode="decimal"
              autoComplete="off"
              hint={t('registration.bonusHint')}
              {...api.form.register('registrationBonusMinor')}
              error={api.errorOf('registrationBonusMinor')}
            />
          </div>
        </>
      )}
    </SettingsForm>
  );
}

/** One row per field: shown, required, pattern, lengths and the extra expression. */
function FieldRulesTable({ api: { form, errorOf } }: { api: SettingsFormApi<RegistrationValues> }) {
  const { t } = useTranslation('site-settings');
  return (
    <TableScroll label={t('registration.rulesLabel')}>
      <table className="data-table site-rules">
        <caption className="visually-hidden">{t('registration.rulesLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('registration.columns.field')}</th>
            <th scope="col">{t('registration.columns.shown')}</th>
            <th scope="col">{t('registration.columns.required')}</th>
            <th scope="col">{t('registration.columns.pattern')}</th>
            <th scope="col">{t('registration.columns.min')}</th>
            <th scope="col">{t('registration.columns.max')}</th>
            <th scope="col">{t('registration.columns.accepted')}</th>
          </tr>
        </thead>
        <tbody>
          {REGISTER_FIELDS.map((field) => {
            const name = t(`fields.${field}`);
            const flag = SHOW_FLAGS[field];
            const rule = `register.validate.${field}` as const;
            const invalid = errorOf(rule);
            return (
              <tr key={field} aria-invalid={invalid ? true : undefined}>
                <th scope="row">
                  {name}
                  {invalid && <span className="field__error"> {t('registration.ruleError')}</span>}
                </th>
                <td>
                  {flag === 'recommender' ? (
                    <input
                      type="checkbox"
                      aria-label={t('registration.showField', { field: name })}
                      {...form.register('recommenderShown')}
                    />
                  ) : flag ? (
                    <input
                      type="checkbox"
                      aria-label={t('registration.showField', { field: name })}
                      {...form.register(`register.${flag}`)}
                    />
                  ) : (
                    t(field === 'verificationCode' ? 'registration.bySwitch' : 'registration.always')
                  )}
                </td>
                <td>
                  {ALWAYS_REQUIRED.includes(field) ? (
                    t('registration.always')
                  ) : (
                    <input
                      type="checkbox"
                      aria-label={t('registration.requireField', { field: name })}
                      {...form.register(`register.required.${field}`)}
                    />
                  )}
                </td>
                <td>
                  <select
                    className="field__input"
                    aria-label={t('registration.patternOf', { field: name })}
                    {...form.register(`${rule}.patternId`, { valueAsNumber: true })}
                  >
                    {PATTERN_IDS.map((id) => (
                      <option key={id} value={id}>
                        {id}: {t(`patterns.${id}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    className="field__input site-rules__number"
                    inputMode="numeric"
                    aria-label={t('registration.minOf', { field: name })}
                    aria-invalid={errorOf(`${rule}.minLength`) ? true : undefined}
                    {...form.register(`${rule}.minLength`, { valueAsNumber: true })}
                  />
                </td>
                <td>
                  <input
                    className="field__input site-rules__number"
                    inputMode="numeric"
                    aria-label={t('registration.maxOf', { field: name })}
                    aria-invalid={errorOf(`${rule}.maxLength`) ? true : undefined}
                    {...form.register(`${rule}.maxLength`, { valueAsNumber: true })}
                  />
                </td>
                <td>
                  <input
                    className="field__input"
                    autoComplete="off"
                    spellCheck={false}
                    aria-label={t('registration.acceptedOf', { field: name })}
                    aria-invalid={errorOf(`${rule}.acceptedPattern`) ? true : undefined}
                    {...form.register(`${rule}.acceptedPattern`)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
