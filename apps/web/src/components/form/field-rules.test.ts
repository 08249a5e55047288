import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { forgotPasswordEmailBodySchema } from '@wps/shared/schemas/member';
import type { FieldRule } from '@wps/shared/schemas/system';
import en from '../../locales/en/auth.json';
import {
  checkConfirmation,
  createIssueDescriber,
  describeFieldIssue,
  mobileText,
  passwordRuleHint,
  passwordText,
  requiredText,
  ruleText,
} from './field-rules';
import { readFormIssue } from './form-resolver';

/** A tiny stand-in for i18next's t over the real EN auth strings, with {{x}} interpolation. */
const t = ((key: string, options: Record<string, unknown> = {}) => {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return (options.defaultValue as string | undefined) ?? key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
}) as unknown as TFunction<'auth'>;

const username: FieldRule = { acceptedPattern: '*', minLength: 4, maxLength: 16, patternId: 1 };
const code: FieldRule = { acceptedPattern: '*', minLength: 6, maxLength: 6, patternId: 6 };
const labels = {
  username: 'Username',
  code: 'Code',
  password: 'Password',
  confirm: 'Confirm password',
  mobile: 'Mobile',
  email: 'Email',
};
const describeIssue = createIssueDescriber(t, (field) => labels[field as keyof typeof labels] ?? field);

/** The first message for each field, as the form would show it. */
function messagesOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const formIssue = readFormIssue(issue as Parameters<typeof readFormIssue>[0]);
    out[formIssue.field] ??= describeIssue(formIssue);
  }
  return out;
}

describe('field rules', () => {
  it('names the field when a required value is empty', () => {
    expect(messagesOf(z.object({ username: ruleText(username, { isRequired: true }) }), { username: '  ' })).toEqual({
      username: 'Username cannot be empty',
    });
    expect(messagesOf(z.object({ email: ruleText(undefined, { isRequired: false }) }), { email: '' })).toEqual({});
  });

  it('gives the pattern message with min and max substituted, one number when they are equal', () => {
    const schema = z.object({
      username: ruleText(username, { isRequired: true }),
      code: ruleText(code, { isRequired: true }),
    });
    expect(messagesOf(schema, { username: '1abc', code: '12345' })).toEqual({
      username: '4-16 characters: start with a letter, then letters and digits',
      code: '6 digits only',
    });
    expect(messagesOf(schema, { username: 'abc', code: '123456' }).username).toBe(
      '4-16 characters: start with a letter, then letters and digits',
    );
    expect(messagesOf(schema, { username: ' abcd1 ', code: '123456' })).toEqual({});
  });

  it('says "at least" when the rule has no upper bound', () => {
    expect(describeFieldIssue(t, 'Password', { code: 'length', patternId: 0, min: 8, max: 0 })).toBe(
      'Must be at least 8 characters long',
    );
  });

  it('checks secrets as typed, without trimming', () => {
    const password: FieldRule = { acceptedPattern: '*', minLength: 6, maxLength: 20, patternId: 5 };
    const schema = z.object({ password: ruleText(password, { isRequired: true, isSecret: true }) });
    expect(messagesOf(schema, { password: ' abc123' }).password).toBeDefined();
    expect(messagesOf(schema, { password: 'abc123' })).toEqual({});
  });

  it('requires the confirmation to equal the other field', () => {
    const schema = z
      .object({ password: z.string(), confirm: z.string() })
      .superRefine((values, ctx) => checkConfirmation(values, 'password', 'confirm', ctx));
    expect(messagesOf(schema, { password: 'abc123', confirm: '' })).toEqual({
      confirm: 'Confirm password cannot be empty',
    });
    expect(messagesOf(schema, { password: 'abc123', confirm: 'abc124' })).toEqual({ confirm: 'Entry does not match' });
    expect(messagesOf(schema, { password: 'abc123', confirm: 'abc123' })).toEqual({});
  });

  it('checks the shape and the country digit count of a mobile number', () => {
    const schema = z.object({ mobile: mobileText(undefined, true, [10, 11]) });
    expect(messagesOf(schema, { mobile: '119876543' })).toEqual({
      mobile: 'Mobile numbers in this country have 10 / 11 digits',
    });
    expect(messagesOf(schema, { mobile: '11987654321' })).toEqual({});
    expect(messagesOf(schema, { mobile: '12ab' })).toEqual({ mobile: 'Enter a valid mobile number' });
    expect(messagesOf(schema, { mobile: '' })).toEqual({ mobile: 'Mobile cannot be empty' });
  });

  it('words a plain required field and anything unknown', () => {
    expect(messagesOf(z.object({ username: requiredText() }), { username: ' ' })).toEqual({
      username: 'Username cannot be empty',
    });
    expect(messagesOf(z.object({ code: z.string().min(1) }), { code: '' })).toEqual({ code: 'Code cannot be empty' });
    expect(messagesOf(z.object({ username: z.string().regex(/^a/) }), { username: 'x' })).toEqual({
      username: 'Username is not valid',
    });
  });

  it("words a shared body schema's own rules: an empty field, then the server's address check", () => {
    const schema = z.object({ email: requiredText().pipe(forgotPasswordEmailBodySchema.shape.email) });
    expect(messagesOf(schema, { email: ' ' })).toEqual({ email: 'Email cannot be empty' });
    expect(messagesOf(schema, { email: 'a@b' })).toEqual({ email: 'Enter a valid email address' });
    expect(schema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
  });

  it("applies the server's minimum password length on top of the operator's rule", () => {
    expect(messagesOf(z.object({ password: passwordText(undefined) }), { password: 'abc1234' })).toEqual({
      password: 'Must be at least 8 characters long',
    });
    const legacy: FieldRule = { acceptedPattern: '*', minLength: 6, maxLength: 20, patternId: 5 };
    expect(messagesOf(z.object({ password: passwordText(legacy) }), { password: 'abc123' })).toEqual({
      password: '8-20 characters, with both letters and digits',
    });
    expect(messagesOf(z.object({ password: passwordText(legacy) }), { password: 'abcd1234' })).toEqual({});
  });

  it('words every password rule before typing, with the same floor the check applies', () => {
    const manager: FieldRule = { acceptedPattern: '*', minLength: 6, maxLength: 64, patternId: 19 };
    expect(passwordRuleHint(t, manager)).toBe(
      '8-64 characters: letters, numbers and symbols, no spaces. Very common passwords are refused.',
    );
    // What the hint promises is what the check takes: a password manager's symbols, no spaces.
    const check = z.object({ password: passwordText(manager) });
    expect(messagesOf(check, { password: 'k7#Vq!2m@Zx$9pL&' })).toEqual({});
    expect(messagesOf(check, { password: 'k7#Vq!2m Zx$9pL' })).toEqual({
      password: '8-64 characters: letters, numbers and symbols, no spaces',
    });
    expect(passwordRuleHint(t, undefined)).toBe(
      'Must be at least 8 characters long. Very common passwords are refused.',
    );
  });
});
