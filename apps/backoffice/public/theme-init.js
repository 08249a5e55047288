// Runs in <head> before the first paint so the stored theme shows without a flash.
// External (not inline) because the back office CSP allows only script-src 'self'.
(function () {
  var theme = 'dark';
  try {
    if (window.localStorage.getItem('backoffice-theme') === 'light') theme = 'light';
  } catch {
    // Storage blocked: keep the default dark theme.
  }
  document.documentElement.setAttribute('data-theme', theme);
  var meta = document.querySelector('meta[name="color-scheme"]');
  if (meta) meta.setAttribute('content', theme);
})();
