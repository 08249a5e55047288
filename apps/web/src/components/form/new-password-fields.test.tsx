import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import type { FieldRule } from '@wps/shared/schemas/system';
import { renderWithProviders, stubApi } from '../../lib/test-render';
import { checkConfirmation, createIssueDescriber, passwordText } from './field-rules';
import { createFormResolver } from './form-resolver';
import { NewPasswordFields } from './new-password-fields';

type Values = { newPassword: string; confirmNewPassword: string };

/** Letters and numbers, 8 to 20: the hint and the check must both say so. */
const RULE: FieldRule = { acceptedPattern: '*', minLength: 8, maxLength: 20, patternId: 5 };

/** A form as the change and reset forms build theirs: the shared rule and the confirmation check. */
function Harness({
  onSubmit,
  isRuleHinted,
  input,
}: {
  onSubmit: (values: Values) => void;
  isRuleHinted?: boolean;
  input?: { inputMode: 'numeric'; maxLength: number };
}) {
  const { t } = useTranslation('auth');
  const form = useForm<Values>({
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmNewPassword: '' },
    resolver: createFormResolver(
      z
        .object({ newPassword: passwordText(RULE), confirmNewPassword: z.string() })
        .superRefine((values, ctx) => checkConfirmation(values, 'newPassword', 'confirmNewPassword', ctx)),
      createIssueDescriber(t, (field) => t(`fields.${field}`)),
    ),
  });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <NewPasswordFields
        form={form}
        names={{ password: 'newPassword', confirm: 'confirmNewPassword' }}
        labels={{ password: 'Nova senha', confirm: 'Confirmar nova senha' }}
        rule={RULE}
        {...(isRuleHinted === undefined ? {} : { isRuleHinted })}
        {...(input ? { input } : {})}
      />
      <button type="submit">Enviar</button>
    </form>
  );
}

const HINT = '8 a 20 caracteres, com letras e números. Senhas muito comuns são recusadas.';

describe('NewPasswordFields', () => {
  it('labels both fields, words the shared rule under the first, and keeps them off autofill of the current password', async () => {
    stubApi({});
    await renderWithProviders(<Harness onSubmit={vi.fn()} />);
    const password = screen.getByLabelText(/^\*?Nova senha$/);
    const confirm = screen.getByLabelText(/^\*?Confirmar nova senha$/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(confirm).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription(HINT);
    expect(screen.getAllByRole('button', { name: 'Mostrar senha' })).toHaveLength(2);
  });

  it("shows the shared rule's messages, and clears 'does not match' as the first field comes to agree", async () => {
    stubApi({});
    const onSubmit = vi.fn();
    const { user } = await renderWithProviders(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Nova senha não pode ficar vazio')).toBeInTheDocument();
    expect(screen.getByText('Confirmar nova senha não pode ficar vazio')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^\*?Nova senha$/), 'abc1');
    expect(await screen.findByText('8 a 20 caracteres, com letras e números')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^\*?Nova senha$/));
    await user.type(screen.getByLabelText(/^\*?Nova senha$/), 'Nova2026senh');
    await user.type(screen.getByLabelText(/^\*?Confirmar nova senha$/), 'Nova2026senha');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Os valores não coincidem')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^\*?Nova senha$/), 'a');
    await expect.poll(() => screen.queryByText('Os valores não coincidem')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ newPassword: 'Nova2026senha', confirmNewPassword: 'Nova2026senha' });
  });

  it('leaves the hint out for a secret with its own rule, and gives both inputs what the form asks', async () => {
    stubApi({});
    await renderWithProviders(
      <Harness onSubmit={vi.fn()} isRuleHinted={false} input={{ inputMode: 'numeric', maxLength: 6 }} />,
    );
    for (const field of [
      screen.getByLabelText(/^\*?Nova senha$/),
      screen.getByLabelText(/^\*?Confirmar nova senha$/),
    ]) {
      expect(field).not.toHaveAccessibleDescription();
      expect(field).toHaveAttribute('inputmode', 'numeric');
      expect(field).toHaveAttribute('maxlength', '6');
    }
  });
});
