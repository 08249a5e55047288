// The page of the reference vendor's fixed-odds event games (events.ts): the event, its odds, a
// stake, and after the bet the result with the revealed seed. Served by the vendor on its own
// origin, framed by the platform's /game page, like the slot page (page.ts).
import { MARKETS, type EventKind, type SportEvent } from './events';
import { STYLE, escapeHtml } from './page';

export type Language = 'pt' | 'en';

const TEXTS = {
  pt: {
    balance: 'Saldo',
    choice: 'Sua escolha',
    stake: 'Valor',
    place: 'Apostar',
    seamless: 'Carteira integrada',
    commitment: 'Compromisso (SHA-256 da semente)',
    result: 'Resultado',
    paid: 'Pagamento',
    refunded: 'aposta devolvida',
    lost: 'aposta perdida',
    failed: 'Aposta recusada',
    verify: 'Verifique: SHA-256(semente) é o compromisso; o resultado vem de HMAC-SHA256(semente, evento).',
    seed: 'Semente',
    roll: 'Sorteio',
    next: 'Próximo evento',
    versus: '×',
  },
  en: {
    balance: 'Balance',
    choice: 'Your pick',
    stake: 'Stake',
    place: 'Place bet',
    seamless: 'Seamless wallet',
    commitment: 'Commitment (SHA-256 of the seed)',
    result: 'Result',
    paid: 'Payout',
    refunded: 'stake returned',
    lost: 'stake lost',
    failed: 'Bet refused',
    verify: 'Check: SHA-256(seed) is the commitment; the result comes from HMAC-SHA256(seed, event).',
    seed: 'Seed',
    roll: 'Roll',
    next: 'Next event',
    versus: 'vs',
  },
} as const;

/** Decimal odds as the language writes them (2,11 in PT, 2.11 in EN). */
export function formatOdds(hundredths: number, language: Language): string {
  const text = (hundredths / 100).toFixed(2);
  return language === 'pt' ? text.replace('.', ',') : text;
}

/** How the page names an event and its outcomes: sides, and each pick with its side and odds. */
export function eventView(event: Pick<SportEvent, 'kind' | 'sides' | 'eventId' | 'seedHash'>, language: Language) {
  const market = MARKETS[event.kind];
  const [a, b] = event.sides;
  const sideOf: Record<string, string | undefined> = { home: a, away: b, teamA: a, teamB: b, meron: a, wala: b };
  return {
    eventId: event.eventId,
    seedHash: event.seedHash,
    name: `${a} ${TEXTS[language].versus} ${b}`,
    outcomes: market.outcomes.map((o) => {
      const side = sideOf[o.key];
      return {
        key: o.key,
        text: `${o.label[language]}${side ? ` · ${side}` : ''} · ${formatOdds(o.oddsHundredths, language)}`,
      };
    }),
  };
}

/** Embed a value in the page's script: no `<` can close the script element. */
const embed = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const EVENT_STYLE = `
  form { display: grid; gap: 12px; text-align: left; }
  fieldset { border: 1px solid #3a4157; border-radius: 8px; margin: 0; padding: 8px 12px 12px; display: grid; gap: 4px; }
  legend { padding: 0 4px; }
  .pick { display: flex; align-items: center; gap: 10px; min-height: 44px; cursor: pointer; }
  .pick input { width: 20px; height: 20px; margin: 0; accent-color: #ffb020; }
  h2 { font-size: 1.05rem; margin: 0; text-align: center; }
  .commit, .reveal { color: #aab3c8; font-size: 0.8rem; overflow-wrap: anywhere; margin: 12px 0 0; text-align: left; }
  .commit code, .reveal code { color: #eef1f8; }
`;

/** The event game's page for one play session. */
export function renderEventPage(p: {
  sessionId: string;
  kind: EventKind;
  event: SportEvent;
  balance: string;
  currency: string;
  language: Language;
  betOptions: { minor: string; label: string }[];
}): string {
  const t = TEXTS[p.language];
  const market = MARKETS[p.kind];
  const view = eventView(p.event, p.language);
  const options = p.betOptions
    .map((o) => `<option value="${escapeHtml(o.minor)}">${escapeHtml(o.label)} ${escapeHtml(p.currency)}</option>`)
    .join('');
  const picks = view.outcomes
    .map(
      (o, i) =>
        `<label class="pick"><input type="radio" name="pick" value="${escapeHtml(o.key)}"${i === 0 ? ' checked' : ''}><span data-pick="${escapeHtml(o.key)}">${escapeHtml(o.text)}</span></label>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${p.language === 'en' ? 'en' : 'pt-BR'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(market.title[p.language])}</title><style>${STYLE}${EVENT_STYLE}</style></head>
<body><main>
<h1>${escapeHtml(market.title[p.language])}</h1>
<p class="note">${t.seamless}</p>
<div>${t.balance}</div>
<div class="balance" data-testid="sandbox-balance">${escapeHtml(p.balance)} ${escapeHtml(p.currency)}</div>
<form id="slip">
  <h2 id="event" data-testid="sandbox-event">${escapeHtml(view.name)}</h2>
  <fieldset><legend>${t.choice}</legend>${picks}</fieldset>
  <div class="row">
    <label for="bet">${t.stake}</label>
    <select id="bet" data-testid="sandbox-bet">${options}</select>
    <button id="place" type="submit" data-testid="sandbox-place-bet">${t.place}</button>
  </div>
</form>
<p class="commit">${t.commitment}: <code id="hash" data-testid="sandbox-seed-hash">${escapeHtml(view.seedHash)}</code></p>
<div class="result" id="result" role="status" data-testid="sandbox-result"></div>
<p class="reveal" id="reveal" data-testid="sandbox-reveal"></p>
</main>
<script>
  const sid = ${embed(p.sessionId)};
  const currency = ${embed(p.currency)};
  const t = ${embed(t)};
  let eventId = ${embed(view.eventId)};
  const form = document.getElementById('slip');
  const place = document.getElementById('place');
  const result = document.getElementById('result');
  const reveal = document.getElementById('reveal');
  const balance = document.querySelector('[data-testid="sandbox-balance"]');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    place.disabled = true;
    try {
      const pick = form.querySelector('input[name="pick"]:checked').value;
      const res = await fetch('/play/' + sid + '/event-bet', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ eventId, selection: pick, betMinor: document.getElementById('bet').value }) });
      const body = await res.json();
      if (!body.success) { result.textContent = t.failed + ': ' + (body.message || body.errorCode); }
      else {
        const v = body.value;
        const outcome = v.payoutMinor === '0' ? t.lost : v.refunded ? t.refunded : t.paid + ': ' + v.payout + ' ' + currency;
        result.textContent = t.result + ' — ' + v.event + ': ' + v.result.label + ' · ' + outcome;
        if (v.balance) balance.textContent = v.balance + ' ' + currency;
        reveal.textContent = t.seed + ': ' + v.revealed.seed + ' · ' + t.roll + ': ' + v.revealed.roll + '. ' + t.verify;
      }
      const next = body.next;
      if (next) {
        eventId = next.eventId;
        document.getElementById('event').textContent = next.name;
        document.getElementById('hash').textContent = next.seedHash;
        for (const o of next.outcomes) {
          const span = form.querySelector('[data-pick="' + o.key + '"]');
          if (span) span.textContent = o.text;
        }
      }
    } finally {
      place.disabled = false;
    }
  });
</script>
</body></html>`;
}
