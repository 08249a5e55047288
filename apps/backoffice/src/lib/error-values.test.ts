// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODES_WITH_VALUES,
  findDeclaredFields,
  findRawValueTraces,
  listRawErrorValues,
  listValuePlaceholders,
} from '@wps/shared/error-value-samples';
import ptErrors from '../locales/pt/errors.json';
import enErrors from '../locales/en/errors.json';
import { ApiError } from './api-client';
import { errorText } from './error-text';
import { changeLanguage, i18n } from './i18n';

// Every back-office error message that shows a value of the error, walked in PT and EN through
// errorText with raw values as the server sends them: each field it shows is declared in
// ERROR_VALUE_KINDS, and what reaches the operator reads as the language writes it (no ISO
// instant, no "1234.50" or "week" in Portuguese, no placeholder, "undefined" or "null").

const MESSAGES = { pt: ptErrors, en: enErrors } as Record<'pt' | 'en', Record<string, unknown>>;

describe.each(['pt', 'en'] as const)('error messages with values in %s', (language) => {
  beforeAll(() => changeLanguage(language));
  afterAll(() => changeLanguage('pt'));

  const messages = Object.entries(MESSAGES[language]).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );

  it.each(messages.filter(([, message]) => message.includes('{{')))(
    '%s declares every value it shows',
    (key, message) => {
      const declared = findDeclaredFields(key);
      for (const field of listValuePlaceholders(message))
        expect(declared, `${key}: value.${field}`).toHaveProperty([field]);
      // errorText passes the error's value and nothing else.
      expect(message.replace(/\{\{\s*value\.[^}]*\}\}/g, ''), key).not.toContain('{{');
    },
  );

  it.each(CODES_WITH_VALUES.filter((code) => code in MESSAGES[language]))(
    '%s reads as the language writes its values',
    (code) => {
      for (const value of listRawErrorValues(code)) {
        const text = errorText(i18n.t, new ApiError(code as never, 'server text', 400, value));
        expect(findRawValueTraces(text, language), `${text} (from ${JSON.stringify(value)})`).toEqual([]);
      }
      // Without its value: the server sends these codes with their values, except where a variant
      // words the message without one ("RG_SELF_EXCLUDED_bare"); nothing raw shows even so.
      const bare = errorText(i18n.t, new ApiError(code as never, 'server text', 400));
      expect(
        findRawValueTraces(bare, language).filter((trace) => trace !== 'value left empty'),
        bare,
      ).toEqual([]);
    },
  );
});

describe('a back-office error message with values', () => {
  beforeAll(() => changeLanguage('pt'));

  it("writes amounts in the site's currency, the period in words and instants in the operator's time zone", () => {
    const limit = { period: 'month', limit: '500.00', limitMinor: '50000', remaining: '0.00', remainingMinor: '0' };
    expect(errorText(i18n.t, new ApiError('RG_DEPOSIT_LIMIT_REACHED', '', 400, limit))).toBe(
      'Este depósito passaria do seu limite de depósito (R$\u00a0500,00 por mês). Você ainda pode depositar R$\u00a00,00.',
    );
    // The default zone is São Paulo (lib/time-zone.ts): 07:25 UTC is 04:25 there.
    expect(errorText(i18n.t, new ApiError('RG_TIME_OUT_ACTIVE', '', 403, { until: '2026-11-28T07:25:46.272Z' }))).toBe(
      'Você está em pausa até 28/11/2026 04:25.',
    );
  });

  it('names the wait of a refusal for too many requests', () => {
    expect(errorText(i18n.t, new ApiError('TOO_MANY_REQUESTS', '', 429, { retryAfterSeconds: 30 }))).toBe(
      'Tentativas demais. Tente de novo em 30 s.',
    );
    expect(errorText(i18n.t, new ApiError('TOO_MANY_REQUESTS', '', 429))).toBe('Tentativas demais. Aguarde um pouco.');
  });
});
