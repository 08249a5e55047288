import { PASSWORD_MIN_LENGTH } from '@wps/shared/constants';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import { validateField, type FieldError } from '@wps/shared/validation-patterns';

/**
 * The operator's password rule with the 8-character floor (issue 8 §11) applied on top, so a rule
 * saved before the floor existed, or none at all, still refuses short passwords.
 */
export function checkPasswordRule(settings: RegisterSettings, password: string | undefined): FieldError | null {
  const rule = settings.validate.password;
  const floored = rule
    ? { ...rule, minLength: Math.max(rule.minLength, PASSWORD_MIN_LENGTH) }
    : { acceptedPattern: '*', minLength: PASSWORD_MIN_LENGTH, maxLength: 0, patternId: 0 };
  return validateField(floored, password, { required: true });
}
