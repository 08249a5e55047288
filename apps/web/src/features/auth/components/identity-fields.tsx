import type { FieldErrors, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@wps/ui/text-field';
import { maskDayInput } from '@wps/shared/day-input';
import { maskCpfInput, type IdentityValues } from '../identity';

type IdentityFieldsProps<Values extends IdentityValues & FieldValues> = {
  form: UseFormReturn<Values, unknown, Values>;
  label: (name: string) => string;
};

/**
 * The CPF (masked as it is typed, digits on a phone's keypad) and the date of birth, where the
 * operator's licence asks for them (identity.ts). Both required.
 */
export function IdentityFields<Values extends IdentityValues & FieldValues>({
  form,
  label,
}: IdentityFieldsProps<Values>) {
  const { t } = useTranslation('auth');
  const cpf = 'cpf' as Path<Values>;
  const birthDate = 'birthDate' as Path<Values>;
  const errors = form.formState.errors as FieldErrors<IdentityValues>;
  return (
    <>
      <TextField
        label={label('cpf')}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        placeholder="000.000.000-00"
        maxLength={14}
        hint={t('register.identityHint')}
        error={errors.cpf?.message}
        {...form.register(cpf, {
          onChange: (event: { target: { value: string } }) => {
            const masked = maskCpfInput(event.target.value);
            if (masked !== event.target.value) form.setValue(cpf, masked as PathValue<Values, Path<Values>>);
          },
        })}
      />
      {/* A text field read as dd/mm/aaaa (parseDayInput): a date input takes its format from the device's locale. */}
      <TextField
        label={label('birthDate')}
        requiredMark
        inputMode="numeric"
        autoComplete="bday"
        placeholder={t('register.dayPlaceholder')}
        maxLength={10}
        error={errors.birthDate?.message}
        {...form.register(birthDate, {
          onChange: (event: { target: { value: string } }) => {
            const masked = maskDayInput(event.target.value);
            if (masked !== event.target.value) form.setValue(birthDate, masked as PathValue<Values, Path<Values>>);
          },
        })}
      />
    </>
  );
}
