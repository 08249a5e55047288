import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { getLocaleTag, LOCALE_TAGS } from './language';

// public/intl-warmup.js runs as a classic worker script: here it runs in a context of its own
// with a stand-in `self`, as a worker would, and is sent what theme-init.js sends: the stored
// interface language code.
const SOURCE = fs.readFileSync(new URL('../../public/intl-warmup.js', import.meta.url), 'utf8');

function runWorker(message: unknown) {
  const self: { onmessage?: (event: { data: unknown }) => void; close: () => void } = { close: vi.fn() };
  const made: string[] = [];
  // The worker's Intl, recording the locales it makes formatters for.
  const recording = (Base: new (locale: string, options?: object) => unknown) =>
    function (locale: string, options?: object) {
      made.push(locale);
      return new Base(locale, options);
    };
  const context = vm.createContext({
    self,
    Date,
    Array,
    Intl: {
      getCanonicalLocales: Intl.getCanonicalLocales,
      NumberFormat: recording(Intl.NumberFormat),
      DateTimeFormat: recording(Intl.DateTimeFormat),
      PluralRules: recording(Intl.PluralRules),
    },
  });
  vm.runInContext(SOURCE, context);
  self.onmessage?.({ data: message });
  return { made, close: self.close };
}

describe('public/intl-warmup.js', () => {
  it('makes the number, date and plural formatters of the language it is sent, then ends', () => {
    const { made, close } = runWorker(['PT']);
    expect(made).toEqual(Array(5).fill('pt-BR'));
    expect(close).toHaveBeenCalledOnce();
  });

  it('makes each language code into the locale the site formats it in (lib/language.ts)', () => {
    for (const code of [...Object.keys(LOCALE_TAGS), 'DE', 'es']) {
      expect(new Set(runWorker([code]).made), code).toEqual(new Set([getLocaleTag(code)]));
    }
  });

  it('ends without failing on a code that is no language tag or a message that is not a list', () => {
    expect(runWorker(['not a tag!']).close).toHaveBeenCalledOnce();
    expect(runWorker('PT').made).toEqual([]);
  });
});
