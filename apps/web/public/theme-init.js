// Runs in <head> before the first paint so the stored theme shows without a flash.
// External (not inline) because the CSP allows only script-src 'self'.
(function () {
  var theme = 'dark';
  try {
    if (window.localStorage.getItem('theme') === 'light') theme = 'light';
  } catch {
    // Storage blocked: keep the default dark theme.
  }
  document.documentElement.setAttribute('data-theme', theme);
  // The first screen's hero (index.html) speaks to a visitor in Portuguese: a signed-in player, or
  // one who chose another language, sees only its banner until the app draws the page.
  var lang = 'PT';
  try {
    lang = window.localStorage.getItem('lang') || window.localStorage.getItem('hisLang') || 'PT';
    if (window.sessionStorage.getItem('token') || !/^pt/i.test(lang))
      document.documentElement.setAttribute('data-first-screen', 'banner');
  } catch {
    // Storage blocked: a visitor.
  }
  // The language's formatter data loads on another thread while the page's scripts download
  // (intl-warmup.js says why).
  try {
    new Worker('/intl-warmup.js').postMessage([lang]);
  } catch {
    // No workers: the main thread loads the data where it first needs it.
  }
  var meta = document.querySelector('meta[name="color-scheme"]');
  if (meta) meta.setAttribute('content', theme);
})();
