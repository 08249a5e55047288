// The sandbox providers' own pages (a gateway's pay page, a directory's list): plain HTML the
// server sends, styled alike, standing in for pages an outside party would serve.

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** A whole sandbox page: the title and the body inside one card. */
export function sandboxPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #0f1320; color: #eef1f8; display: grid; place-items: center; min-height: 100vh; }
  main { width: min(420px, calc(100% - 32px)); background: #1a2033; border-radius: 12px; padding: 24px; box-shadow: 0 8px 24px rgb(0 0 0 / 0.4); }
  h1 { font-size: 1.25rem; margin: 0 0 4px; }
  .note { color: #aab3c8; font-size: 0.875rem; margin: 0 0 20px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #aab3c8; }
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  .actions { display: flex; gap: 12px; }
  form { flex: 1; }
  button { width: 100%; min-height: 44px; border: 0; border-radius: 8px; font-size: 1rem; font-weight: 600; cursor: pointer; }
  button:focus-visible { outline: 3px solid #ffd166; outline-offset: 2px; }
  .pay { background: #2ec27e; color: #06210f; }
  .fail { background: #3a4157; color: #eef1f8; }
  .other { background: #ffd166; color: #2a1d00; }
  .pix { margin: 0 0 20px; }
  .pix code { display: block; word-break: break-all; background: #0f1320; padding: 8px; border-radius: 6px; font-size: 0.75rem; }
  label { display: block; margin: 16px 0 6px; color: #aab3c8; }
  input, select { width: 100%; box-sizing: border-box; min-height: 44px; border-radius: 8px; border: 1px solid #3a4157; background: #0f1320; color: #eef1f8; padding: 0 12px; font-size: 1rem; margin-bottom: 8px; }
  a { color: #8fb8ff; }
  table { width: 100%; border-collapse: collapse; font-size: 0.8rem; margin-top: 20px; }
  th, td { text-align: left; padding: 6px 4px; border-bottom: 1px solid #3a4157; word-break: break-all; }
  .error { color: #ff9b9b; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
