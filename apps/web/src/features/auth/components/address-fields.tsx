import { useId, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BR_STATES, GENDERS, maskCepInput } from '@wps/shared/registration-details';
import { TextField } from '@wps/ui/text-field';
import type { RegistrationDetailsValues } from '../identity';

type DetailsProps<Values extends RegistrationDetailsValues & FieldValues> = {
  form: UseFormReturn<Values, unknown, Values>;
  label: (name: string) => string;
  address: boolean;
  gender: boolean;
};

/** A labelled native select with its first error under it, styled as a text field. */
function Choice({
  label,
  error,
  children,
  ...select
}: { label: string; error: string | undefined; children: ReactNode } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        <span className="field__star" aria-hidden="true">
          *
        </span>
        {label}
      </label>
      <div className="field__box">
        <select
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...select}
        >
          {children}
        </select>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The residential address (street and number, complement, district, city, state, CEP masked as it
 * is typed) and the gender, where the operator's licence asks for them at registration (Brazil:
 * registration-details.ts). All required but the complement.
 */
export function RegistrationDetailsFields<Values extends RegistrationDetailsValues & FieldValues>({
  form,
  label,
  address,
  gender,
}: DetailsProps<Values>) {
  const { t } = useTranslation('auth');
  const errors = form.formState.errors as FieldErrors<RegistrationDetailsValues>;
  const field = (name: keyof RegistrationDetailsValues) => name as Path<Values>;
  const cep = field('addressCep');
  return (
    <>
      {address ? (
        <>
          <TextField
            label={label('addressStreet')}
            requiredMark
            autoComplete="address-line1"
            maxLength={200}
            error={errors.addressStreet?.message}
            {...form.register(field('addressStreet'))}
          />
          <TextField
            label={label('addressNumber')}
            requiredMark
            maxLength={20}
            error={errors.addressNumber?.message}
            {...form.register(field('addressNumber'))}
          />
          <TextField
            label={label('addressComplement')}
            autoComplete="address-line2"
            maxLength={100}
            error={errors.addressComplement?.message}
            {...form.register(field('addressComplement'))}
          />
          <TextField
            label={label('addressDistrict')}
            requiredMark
            autoComplete="address-level3"
            maxLength={100}
            error={errors.addressDistrict?.message}
            {...form.register(field('addressDistrict'))}
          />
          <TextField
            label={label('addressCity')}
            requiredMark
            autoComplete="address-level2"
            maxLength={100}
            error={errors.addressCity?.message}
            {...form.register(field('addressCity'))}
          />
          <Choice
            label={label('addressState')}
            autoComplete="address-level1"
            error={errors.addressState?.message}
            {...form.register(field('addressState'))}
          >
            <option value="">{t('register.choose')}</option>
            {BR_STATES.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </Choice>
          <TextField
            label={label('addressCep')}
            requiredMark
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            error={errors.addressCep?.message}
            {...form.register(cep, {
              onChange: (event: { target: { value: string } }) => {
                const masked = maskCepInput(event.target.value);
                if (masked !== event.target.value) form.setValue(cep, masked as PathValue<Values, Path<Values>>);
              },
            })}
          />
        </>
      ) : null}
      {gender ? (
        <Choice label={label('gender')} error={errors.gender?.message} {...form.register(field('gender'))}>
          <option value="">{t('register.choose')}</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {t(`genders.${g}`)}
            </option>
          ))}
        </Choice>
      ) : null}
    </>
  );
}
