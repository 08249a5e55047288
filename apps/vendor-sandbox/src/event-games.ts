import type { FastifyInstance, FastifyReply } from 'fastify';
import { eventView, type Language } from './event-page';
import { findOutcome, newEvent, resolveEvent, type SportEvent } from './events';

// The stake on one of the event games (events.ts), through the platform's seamless wallet: a
// signed `bet` takes the stake, the event is resolved at once, a signed `win` with `roundClosed`
// pays what it pays (zero for a lost stake). The callbacks' ids come from the event id, so every
// resend of them (the duplicate fault, a retried settlement) is the same callback to the platform.

export type EventSession = {
  vendor: string;
  gameId: string;
  playerId: string;
  sessionToken: string;
  scale: number;
  language: Language;
  /** The event the page shows now; replaced as soon as a stake is taken on it. */
  event?: SportEvent;
};

type CallbackResult = { status: number; body: unknown };
type WalletAnswer = {
  success?: boolean;
  errorCode?: string;
  message?: string;
  value?: { balance?: string; balanceMinor?: string };
} | null;

/** How many times a settlement is sent when the platform does not answer it (same transaction id). */
const SETTLE_ATTEMPTS = 3;

const isDigits = (v: unknown): v is string => typeof v === 'string' && /^\d{1,18}$/.test(v);

export function registerEventBets(
  app: FastifyInstance,
  deps: {
    sessions: Map<string, EventSession>;
    /** Send a signed callback to the platform (as many times as the duplicate fault says). */
    send: (vendor: string, op: string, body: unknown) => Promise<CallbackResult>;
    fail: (reply: FastifyReply, status: number, errorCode: string, message: string) => unknown;
    json: (body: unknown) => Record<string, unknown>;
    formatMinor: (minor: bigint, scale: number) => string;
  },
): void {
  const { sessions, send, fail, json, formatMinor } = deps;

  app.post<{ Params: { sid: string } }>('/play/:sid/event-bet', async (request, reply) => {
    const session = sessions.get(request.params.sid);
    if (!session?.event) return fail(reply, 404, 'SESSION_NOT_FOUND', 'Open the game again');
    const event = session.event;
    const b = json(request.body);
    if (!isDigits(b.betMinor) || BigInt(b.betMinor) <= 0n) return fail(reply, 400, 'VALIDATION_FAILED', 'betMinor');
    if (!findOutcome(event.kind, b.selection)) return fail(reply, 400, 'VALIDATION_FAILED', 'selection');
    // A stake on an event already taken (another tab, a double click) is refused, not moved twice.
    if (b.eventId !== event.eventId)
      return fail(reply, 409, 'EVENT_CLOSED', 'This event has closed: stake on the next one');
    const next = newEvent(event.kind);
    session.event = next;
    const nextView = eventView(next, session.language);

    const stake = BigInt(b.betMinor);
    const selection = String(b.selection);
    const roundId = `ev-${event.eventId}`;
    const betTx = `b-${event.eventId}`;
    const base = { playerId: session.playerId, roundId, sessionToken: session.sessionToken };
    const betRes = await send(session.vendor, 'bet', {
      ...base,
      transactionId: betTx,
      gameId: session.gameId,
      amountMinor: stake.toString(),
    });
    const betBody = betRes.body as WalletAnswer;
    if (betRes.status !== 200 || !betBody?.success) {
      return reply.status(409).send({
        success: false,
        errorCode: betBody?.errorCode ?? 'BET_FAILED',
        message: betBody?.message ?? 'The bet was refused',
        next: nextView,
      });
    }

    const { roll, result, payoutMinor } = resolveEvent(event, selection, stake);
    const winBody = {
      ...base,
      transactionId: `w-${betTx}`,
      betTransactionId: betTx,
      amountMinor: payoutMinor.toString(),
      roundClosed: true,
    };
    let winRes = await send(session.vendor, 'win', winBody);
    for (let i = 1; i < SETTLE_ATTEMPTS && (winRes.status === 0 || winRes.status >= 500); i++)
      winRes = await send(session.vendor, 'win', winBody);
    const settled = winRes.status === 200 && (winRes.body as WalletAnswer)?.success === true;
    const balance = (settled ? (winRes.body as WalletAnswer)?.value?.balance : undefined) ?? betBody.value?.balance;
    return {
      success: true,
      value: {
        roundId,
        betTransactionId: betTx,
        winTransactionId: winBody.transactionId,
        selection,
        /** The event just played, by name: the page already shows the next one. */
        event: eventView(event, session.language).name,
        result: { key: result.key, label: result.label[session.language] },
        payoutMinor: payoutMinor.toString(),
        payout: formatMinor(payoutMinor, session.scale),
        refunded: payoutMinor === stake && result.key !== selection,
        settled,
        balance: balance ?? '',
        revealed: { eventId: event.eventId, seed: event.seed, seedHash: event.seedHash, roll },
      },
      next: nextView,
    };
  });
}
