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
import { errorTextsReady, i18n, i18nReady, translateError } from './i18n';
import { setOperatorMoney } from './money';

// Every error message that shows a value of the error, walked in PT and EN through translateError
// with raw values as the server sends them: each field it shows is declared in ERROR_VALUE_KINDS,
// and what reaches the player reads as the language writes it (no ISO instant, no "1234.50" or
// "week" in Portuguese, no placeholder, "undefined" or "null").

const MESSAGES = { pt: ptErrors, en: enErrors } as Record<'pt' | 'en', Record<string, unknown>>;

describe.each(['pt', 'en'] as const)('error messages with values in %s', (language) => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces('errors');
    // The error texts' value formats load after the first render (i18n.ts): the walk needs them in.
    await errorTextsReady;
    setOperatorMoney({ currency: 'BRL', scale: 2 });
  });
  afterAll(() => i18n.changeLanguage('pt'));

  const messages = Object.entries(MESSAGES[language]).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );

  it.each(messages.filter(([, message]) => message.includes('{{')))(
    '%s declares every value it shows',
    (key, message) => {
      const declared = findDeclaredFields(key);
      for (const field of listValuePlaceholders(message))
        expect(declared, `${key}: value.${field}`).toHaveProperty([field]);
      // translateError passes the error's value and nothing else.
      expect(message.replace(/\{\{\s*value\.[^}]*\}\}/g, ''), key).not.toContain('{{');
    },
  );

  it.each(CODES_WITH_VALUES.filter((code) => code in MESSAGES[language]))(
    '%s reads as the language writes its values',
    (code) => {
      for (const value of listRawErrorValues(code)) {
        const text = translateError(new ApiError(code as never, 'server text', 400, value));
        expect(findRawValueTraces(text, language), `${text} (from ${JSON.stringify(value)})`).toEqual([]);
        // The site's own words, not the server's fallback text (which would pass the walk unread).
        expect(text, code).not.toBe('server text');
      }
      // Without its value: the server sends these codes with their values, except where a variant
      // words the message without one ("RG_SELF_EXCLUDED_bare"); nothing raw shows even so.
      const bare = translateError(new ApiError(code as never, 'server text', 400));
      expect(
        findRawValueTraces(bare, language).filter((trace) => trace !== 'value left empty'),
        bare,
      ).toEqual([]);
    },
  );
});

describe('an error message with values', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('pt');
    await i18n.loadNamespaces('errors');
    // The error texts' value formats load after the first render (i18n.ts): the walk needs them in.
    await errorTextsReady;
    setOperatorMoney({ currency: 'BRL', scale: 2 });
  });

  it('writes amounts in the currency, the period in words and an end as local date and time', () => {
    const limit = {
      period: 'week',
      limit: '500.00',
      limitMinor: '50000',
      remaining: '1234.50',
      remainingMinor: '123450',
    };
    expect(translateError(new ApiError('RG_DEPOSIT_LIMIT_REACHED', '', 400, limit))).toBe(
      'Este depósito passaria do seu limite de depósito (R$\u00a0500,00 por semana). Você ainda pode depositar R$\u00a01.234,50.',
    );
    const until = new Date(2026, 10, 28, 4, 25, 46);
    expect(translateError(new ApiError('RG_TIME_OUT_ACTIVE', '', 403, { until: until.toISOString() }))).toBe(
      'Você está em pausa até 28/11/2026 04:25.',
    );
  });

  it('words a self-exclusion without an end as one for good, and one whose end it does not carry without it', () => {
    expect(translateError(new ApiError('RG_SELF_EXCLUDED', '', 403, { until: null, expired: false }))).toBe(
      'Você se autoexcluiu do jogo por tempo indeterminado.',
    );
    expect(translateError(new ApiError('RG_SELF_EXCLUDED', '', 403))).toBe('Você se autoexcluiu do jogo.');
  });

  it('writes amounts in the currency the permission call named', () => {
    setOperatorMoney({ currency: 'USD', scale: 2 });
    const text = translateError(
      new ApiError('RG_STAKE_LIMIT_EXCEEDED', '', 400, { limit: '20.00', limitMinor: '2000' }),
    );
    setOperatorMoney({ currency: 'BRL', scale: 2 });
    expect(text).toBe('Esta aposta está acima do seu limite por aposta de US$\u00a020,00.');
  });
});
