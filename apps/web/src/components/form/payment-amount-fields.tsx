import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField, type TextFieldProps } from '@wps/ui/text-field';

/** What the two fields hold as typed; the form's rule (`limitedAmountSchema`) reads the amount. */
export type PaymentAmountValues = { amount: string; paymentPassword: string };

type PaymentAmountFieldsProps<Values extends PaymentAmountValues & FieldValues, Output> = {
  form: UseFormReturn<Values, unknown, Output>;
  labels: { amount: string; paymentPassword: string };
  /** The amount input's extras: a placeholder with the limits, a trailing "all" button. */
  amount?: Pick<TextFieldProps, 'placeholder' | 'trailing'>;
  /** The amount takes the focus when the dialog opens. */
  isAmountFocused?: boolean;
  disabled?: boolean;
  /** Fields that go between the amount and the password (the withdrawal's bank account). */
  children?: ReactNode;
};

/**
 * The amount and the payment password of a form that sends money out (withdrawal, transfer to the
 * upline, an agent's transfer to a downline): the amount on a decimal keypad in the player's way of
 * writing it, the password on a numeric one and never autofilled. Each shows the error its form's
 * rule or the server gave it.
 */
export function PaymentAmountFields<Values extends PaymentAmountValues & FieldValues, Output>({
  form,
  labels,
  amount,
  isAmountFocused = false,
  disabled,
  children,
}: PaymentAmountFieldsProps<Values, Output>) {
  const amountName = 'amount' as Path<Values>;
  const passwordName = 'paymentPassword' as Path<Values>;
  const errorOf = (name: Path<Values>) => form.getFieldState(name, form.formState).error?.message;
  return (
    <>
      <TextField
        label={labels.amount}
        requiredMark
        inputMode="decimal"
        autoComplete="off"
        maxLength={24}
        {...amount}
        disabled={disabled}
        error={errorOf(amountName)}
        data-autofocus={isAmountFocused || undefined}
        {...form.register(amountName)}
      />
      {children}
      <TextField
        label={labels.paymentPassword}
        requiredMark
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={64}
        disabled={disabled}
        error={errorOf(passwordName)}
        {...form.register(passwordName)}
      />
    </>
  );
}
