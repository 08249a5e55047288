// The sandbox vendor's game page: the page the platform's /game iframe frames. Plain HTML with a
// small script, served by the vendor itself (its own origin), like a real vendor's game client.

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const TEXTS = {
  pt: {
    title: 'Sandbox Slots',
    balance: 'Saldo',
    bet: 'Aposta',
    spin: 'Girar',
    win: 'Ganho',
    transfer: 'Carteira de transferência',
    seamless: 'Carteira integrada',
    failed: 'Aposta recusada',
  },
  en: {
    title: 'Sandbox Slots',
    balance: 'Balance',
    bet: 'Bet',
    spin: 'Spin',
    win: 'Win',
    transfer: 'Transfer wallet',
    seamless: 'Seamless wallet',
    failed: 'Bet refused',
  },
};

export const STYLE = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #101626; color: #eef1f8; display: grid; place-items: center; min-height: 100vh; }
  main { width: min(420px, calc(100% - 32px)); background: #1b2236; border-radius: 12px; padding: 24px; text-align: center; }
  h1 { margin: 0 0 4px; font-size: 1.25rem; }
  .note { color: #aab3c8; font-size: 0.875rem; margin: 0 0 16px; }
  .balance { font-size: 1.5rem; font-variant-numeric: tabular-nums; margin: 8px 0 16px; }
  select, button { min-height: 44px; font-size: 1rem; border-radius: 8px; }
  select { background: #0f1422; color: #eef1f8; border: 1px solid #3a4157; padding: 0 12px; }
  button { border: 0; background: #ffb020; color: #231500; font-weight: 700; padding: 0 32px; cursor: pointer; }
  button:disabled { opacity: 0.6; cursor: progress; }
  button:focus-visible, select:focus-visible { outline: 3px solid #8fb8ff; outline-offset: 2px; }
  .row { display: flex; flex-wrap: wrap; gap: 12px; justify-content: center; align-items: center; }
  .result { min-height: 1.5em; margin-top: 16px; font-variant-numeric: tabular-nums; }
`;

/** The game page for one play session. */
export function renderGamePage(p: {
  sessionId: string;
  gameId: string;
  /** The PVP table the player sat at. */
  roomName?: string;
  model: 'seamless' | 'transfer';
  balance: string;
  currency: string;
  language: 'pt' | 'en';
  betOptions: { minor: string; label: string }[];
}): string {
  const t = TEXTS[p.language];
  const options = p.betOptions
    .map((o) => `<option value="${escapeHtml(o.minor)}">${escapeHtml(o.label)} ${escapeHtml(p.currency)}</option>`)
    .join('');
  return `<!doctype html>
<html lang="${p.language === 'en' ? 'en' : 'pt-BR'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title><style>${STYLE}</style></head>
<body><main>
<h1>${t.title}</h1>
<p class="note">${escapeHtml(p.gameId)}${p.roomName ? ` · <span data-testid="sandbox-room">${escapeHtml(p.roomName)}</span>` : ''} · ${p.model === 'transfer' ? t.transfer : t.seamless}</p>
<div>${t.balance}</div>
<div class="balance" data-testid="sandbox-balance">${escapeHtml(p.balance)} ${escapeHtml(p.currency)}</div>
<div class="row">
  <label for="bet">${t.bet}</label>
  <select id="bet" data-testid="sandbox-bet">${options}</select>
  <button id="spin" type="button" data-testid="sandbox-spin">${t.spin}</button>
</div>
<div class="result" id="result" role="status" data-testid="sandbox-result"></div>
</main>
<script>
  const sid = ${JSON.stringify(p.sessionId)};
  const currency = ${JSON.stringify(p.currency)};
  const spin = document.getElementById('spin');
  const result = document.getElementById('result');
  const balance = document.querySelector('[data-testid="sandbox-balance"]');
  spin.addEventListener('click', async () => {
    spin.disabled = true;
    try {
      const res = await fetch('/play/' + sid + '/spin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ betMinor: document.getElementById('bet').value }) });
      const body = await res.json();
      if (!body.success) { result.textContent = ${JSON.stringify(t.failed)} + ': ' + (body.message || body.errorCode); return; }
      result.textContent = ${JSON.stringify(t.win)} + ': ' + body.value.win + ' ' + currency;
      if (body.value.balance) balance.textContent = body.value.balance + ' ' + currency;
    } finally {
      spin.disabled = false;
    }
  });
</script>
</body></html>`;
}

/** A page saying why the game cannot open. */
export function renderErrorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox</title><style>${STYLE}</style></head>
<body><main><h1>Sandbox</h1><p data-testid="sandbox-error">${escapeHtml(message)}</p></main></body></html>`;
}
