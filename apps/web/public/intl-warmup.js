// A worker that makes the first Intl formatters of the page's language, so the main thread's are cheap.
// The browser loads a language's number, date and plural data (ICU) the first time a formatter of
// that language is made, and keeps it for the whole page process, every thread included. Made first
// on the main thread, inside the render that shows the first game tile or amount, that load was the
// largest single piece of the home page's blocking time on a phone (about 110 ms of a 4× slowed
// CPU, docs/decisions.md "The first formatter off the main thread"). Started by theme-init.js.
//
// It is sent the interface language codes ("PT", "EN"…) and makes each one's locale as
// lib/language.ts getLocaleTag does; a classic worker cannot import it, so TAGS copies its
// LOCALE_TAGS, and intl-warmup.test.ts fails when the two part.
var TAGS = {
  PT: 'pt-BR',
  'PT-BR': 'pt-BR',
  EN: 'en-US',
  CN: 'zh-CN',
  TW: 'zh-TW',
  JA: 'ja-JP',
  KO: 'ko-KR',
  UK: 'uk-UA',
  FIL: 'fil-PH',
};

function localeOf(code) {
  var upper = String(code).toUpperCase();
  try {
    return Intl.getCanonicalLocales(TAGS[upper] || upper.toLowerCase())[0] || 'en-US';
  } catch {
    return 'en-US';
  }
}

self.onmessage = function (event) {
  var codes = Array.isArray(event.data) ? event.data : [];
  for (var i = 0; i < codes.length; i++) {
    try {
      var tag = localeOf(codes[i]);
      new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(0.965);
      new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5);
      new Intl.DateTimeFormat(tag, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date());
      new Intl.PluralRules(tag).select(2);
    } catch {
      // A tag this browser does not know: its formatters load their data where they are made.
    }
  }
  self.close();
};
