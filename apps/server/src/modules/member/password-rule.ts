import { getPasswordRule, type RegisterSettings } from '@wps/shared/schemas/system';
import { validateField, type FieldError } from '@wps/shared/validation-patterns';

/**
 * The operator's password rule with the 8-character floor applied on top, so a rule
 * saved before the floor existed, or none at all, still refuses short passwords.
 */
export function checkPasswordRule(settings: RegisterSettings, password: string | undefined): FieldError | null {
  return validateField(getPasswordRule(settings.validate.password), password, { required: true });
}
