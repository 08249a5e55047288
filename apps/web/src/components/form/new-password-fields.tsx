import type { InputHTMLAttributes } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldRule } from '@wps/shared/schemas/system';
import { passwordRuleHint } from './field-rules';
import { PasswordField } from './password-field';

type NewPasswordFieldsProps<Values extends FieldValues, Output> = {
  form: UseFormReturn<Values, unknown, Output>;
  /** The form's names for the new secret and its confirmation. */
  names: { password: Path<Values>; confirm: Path<Values> };
  labels: { password: string; confirm: string };
  /**
   * The login password's rule (undefined until the settings answer: the server's minimum alone),
   * worded under the first field by `passwordRuleHint`, so the player reads what `passwordText`
   * will check before typing.
   */
  rule?: FieldRule | undefined;
  /** False for a secret that is not the login password (the payment password has its own rule). */
  isRuleHinted?: boolean;
  /** What both inputs take besides (a PIN's numeric keypad and length). */
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'maxLength'>;
};

/**
 * A new secret and its confirmation, as every form that sets one asks for them: both required and
 * hidden with a show toggle, never offered to autofill as the current password, and the
 * confirmation checked again as the first field changes (once it holds text), so a 'does not
 * match' goes as soon as the two agree. The check itself is the form's schema
 * (`checkConfirmation`).
 */
export function NewPasswordFields<Values extends FieldValues, Output = Values>({
  form,
  names,
  labels,
  rule,
  isRuleHinted = true,
  input,
}: NewPasswordFieldsProps<Values, Output>) {
  const { t } = useTranslation('auth');
  const errorOf = (name: Path<Values>) => form.getFieldState(name, form.formState).error?.message;
  return (
    <>
      <PasswordField
        label={labels.password}
        requiredMark
        hint={isRuleHinted ? passwordRuleHint(t, rule) : undefined}
        autoComplete="new-password"
        {...input}
        error={errorOf(names.password)}
        {...form.register(names.password, {
          onChange: () => {
            if (form.getValues(names.confirm)) void form.trigger(names.confirm);
          },
        })}
      />
      <PasswordField
        label={labels.confirm}
        requiredMark
        autoComplete="new-password"
        {...input}
        error={errorOf(names.confirm)}
        {...form.register(names.confirm)}
      />
    </>
  );
}
