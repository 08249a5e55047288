// The countdown runs on the server's clock, never the browser's: a player's clock may be minutes
// off, and the cut-off is the server's. Each opened-numero answer carries serverTime; the offset is
// the server's time minus the middle of the request's round trip.

/** How far the server's clock is ahead of the browser's (negative when behind), in ms. */
export function clockOffsetMs(serverTime: string, sentAtMs: number, receivedAtMs: number): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return Math.round(server - (sentAtMs + receivedAtMs) / 2);
}

/** Milliseconds left until `targetIso` on the server's clock (never below 0). */
export function msUntil(targetIso: string, offsetMs: number, browserNowMs: number): number {
  const target = Date.parse(targetIso);
  if (Number.isNaN(target)) return 0;
  return Math.max(0, target - (browserNowMs + offsetMs));
}

/** "mm:ss", or "h:mm:ss" from an hour up (a daily draw's cut-off). */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Polling while a closed draw awaits its result: quickly at first, then slowly (an operator's result may take a while). */
export const FAST_POLL_MS = 3_000;
export const SLOW_POLL_MS = 30_000;
const FAST_WINDOW_MS = 5 * 60_000;

type DrawTimes = { numero: string; drawAt: string };

/**
 * How soon to read the opened numero again: never while a draw takes bets (the countdown asks
 * again at its cut-off) and no closed draw awaits a result; otherwise every few seconds near the
 * draw time, every 30 s long after it. `awaiting` is the draw that closed while the page watched.
 */
export function pollDelayMs(
  state: { current: DrawTimes | null; last: DrawTimes | null } | undefined,
  awaiting: DrawTimes | null,
  serverNowMs: number,
): number | false {
  if (!state) return false;
  const decided = (d: DrawTimes) => state.last !== null && state.last.numero >= d.numero;
  const waitingFor = awaiting && !decided(awaiting) ? awaiting : null;
  if (!waitingFor && state.current) return false;
  const drawAt = waitingFor ? Date.parse(waitingFor.drawAt) : NaN;
  if (!Number.isNaN(drawAt) && serverNowMs - drawAt > FAST_WINDOW_MS) return SLOW_POLL_MS;
  if (!waitingFor && state.last && serverNowMs - Date.parse(state.last.drawAt) > FAST_WINDOW_MS) return SLOW_POLL_MS;
  return FAST_POLL_MS;
}
