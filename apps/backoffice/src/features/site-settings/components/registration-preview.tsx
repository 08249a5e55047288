import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@wps/ui/text-field';
import { registerFormFields, type RegisterFormField } from '@wps/shared/register-form-layout';
import { getPasswordRule, type FieldRule } from '@wps/shared/schemas/system';
import type { SiteSettings, StoredRegisterSettings } from '@wps/shared/schemas/site-settings';
import { validateField } from '@wps/shared/validation-patterns';
import { storedRegistration, type RegistrationValues } from '../registration-form';

type Props = { values: RegistrationValues; stored: StoredRegisterSettings; modules: SiteSettings['modules'] };

/**
 * The username registration form as players will see it with the rules as typed (before they
 * are saved): the same fields in the same order (register-form-layout.ts, which the player site
 * uses), their required marks, and each rule checked on a value the operator types, by the same
 * `validateField` the server and the player site run.
 */
export function RegistrationPreview({ values, stored, modules }: Props) {
  const { t } = useTranslation('site-settings');
  const settings = storedRegistration(values.register, values.recommenderShown, stored);
  const isCodeShown = settings.showMobile && modules.REGMOBVERF3;
  const fields = registerFormFields(settings, { isMobileVerified: modules.REGMOBVERF3 });
  const ruleOf = (field: RegisterFormField): FieldRule | undefined => {
    if (field === 'password' || field === 'confirmPassword') return getPasswordRule(settings.validate.password);
    if (field === 'agree') return undefined;
    return settings.validate[field];
  };
  const isRequired = (field: RegisterFormField) =>
    field === 'username' ||
    field === 'password' ||
    field === 'confirmPassword' ||
    field === 'verificationCode' ||
    (field === 'mobileNum' && isCodeShown) ||
    (field !== 'agree' && settings.required[field] === true);
  return (
    <div className="site-preview__form" data-testid="registration-preview">
      {fields.map((field) =>
        field === 'agree' ? (
          <p key={field} className="site-preview__agree">
            {settings.consentPreticked === true ? '☑' : '☐'} {t('preview.agree', { age: values.minimumAge })}
          </p>
        ) : (
          <PreviewField
            key={field}
            field={field}
            label={t(`fields.${field}`)}
            rule={ruleOf(field)}
            isRequired={isRequired(field)}
          />
        ),
      )}
    </div>
  );
}

function PreviewField({
  field,
  label,
  rule,
  isRequired,
}: {
  field: string;
  label: string;
  rule: FieldRule | undefined;
  isRequired: boolean;
}) {
  const { t } = useTranslation('site-settings');
  const [sample, setSample] = useState('');
  const issue = validateField(rule, sample, { required: isRequired });
  const ruleText = rule ? describeRule(t, rule) : t('preview.noRule');
  const verdict = sample === '' ? ruleText : issue ? t('preview.refused', { rule: ruleText }) : t('preview.accepted');
  return (
    <div
      className={issue && sample !== '' ? 'site-preview__field is-refused' : 'site-preview__field'}
      data-field={field}
    >
      <TextField
        label={label}
        requiredMark={isRequired}
        autoComplete="off"
        value={sample}
        onChange={(e) => setSample(e.target.value)}
        hint={verdict}
      />
    </div>
  );
}

/** "Pattern 1 (letter first, then letters and digits), 4–16 characters". */
function describeRule(t: (key: string, options?: Record<string, unknown>) => string, rule: FieldRule): string {
  const pattern = t(`patterns.${rule.patternId}`);
  if (rule.minLength === 0 && rule.maxLength === 0) return pattern;
  const length =
    rule.maxLength === 0
      ? t('preview.atLeast', { min: rule.minLength })
      : rule.minLength === rule.maxLength
        ? t('preview.exactly', { count: rule.minLength })
        : t('preview.between', { min: rule.minLength, max: rule.maxLength });
  return `${pattern}, ${length}`;
}
