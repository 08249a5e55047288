import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { registerEventBets, type EventSession } from './event-games';
import { renderEventPage } from './event-page';
import { newEvent, type EventKind } from './events';
import { renderGamePage, renderErrorPage } from './page';
import { drawMultiplierTenths, formatMinor } from './paytable';
import { createRooms, roomView } from './rooms';
import { matchedPath, signedHeaders, verify } from './signature';

/**
 * The reference vendor. It implements both wallet models against the platform's
 * vendor API (docs/vendor-api.md):
 * - seamless (vendor `seamlessVendor`): its game page asks the platform to authenticate the launch
 *   token, then every spin sends signed bet and win callbacks;
 * - transfer (vendor `transferVendor`): it keeps each player's balance itself and exposes the
 *   transfer API the platform calls (deposit, withdraw, balance, status);
 * - fixed-odds events (vendors `sportsVendor`, `esportsVendor`, `cockfightVendor`, seamless): a
 *   football match, an e-sports match and a cockfight whose stake and payout are the same signed
 *   bet and win callbacks (events.ts, event-games.ts).
 * Faults are injected through POST /control/faults: down, slow answers (timeouts), duplicate
 * callbacks, and rollbacks sent before their bets. Every /control/* call must be signed with the
 * shared secret (docs/vendor-api.md "Signing"), as the platform signs its calls to /api/*.
 */
export type SandboxOptions = {
  /** The platform's base URL, e.g. http://127.0.0.1:8080. */
  platformUrl: string;
  /** The secret shared with the platform (both vendors use it). */
  secret: string;
  seamlessVendor?: string;
  transferVendor?: string;
  /** The PVP vendor (seamless wallet, with rooms): its room list is `POST /api/rooms/list`. */
  pvpVendor?: string;
  /** The fixed-odds event vendors (seamless wallet): football 1X2, e-sports match winner, cockfight. */
  sportsVendor?: string;
  esportsVendor?: string;
  cockfightVendor?: string;
};

export type Faults = {
  /** Transfer API answers 503 without acting; seamless play refuses to start. */
  down: boolean;
  /** Transfer API acts, then waits this long before answering (the platform times out). */
  delayMs: number;
  /** Every seamless callback of a spin is sent this many times in all. */
  duplicateCallbacks: number;
  /** Spins send the rollback of their bet before the bet. */
  outOfOrderRollback: boolean;
};

const NO_FAULTS: Faults = { down: false, delayMs: 0, duplicateCallbacks: 1, outOfOrderRollback: false };

type CallbackResult = { status: number; body: unknown };
type PlaySession = EventSession & {
  id: string;
  currency: string;
};
type TransferRecord = {
  playerId: string;
  direction: 'deposit' | 'withdraw';
  amount: bigint;
  status: 'succeeded' | 'failed';
};

const isDigits = (v: unknown): v is string => typeof v === 'string' && /^\d{1,18}$/.test(v);

/** Build the sandbox vendor's HTTP server (not listening yet). */
export function createSandbox(opts: SandboxOptions): { app: FastifyInstance; faults: Faults } {
  const seamlessVendor = opts.seamlessVendor ?? 'SBX';
  const transferVendor = opts.transferVendor ?? 'SBT';
  const pvpVendor = opts.pvpVendor ?? 'SBP';
  const rooms = createRooms(pvpVendor);
  const eventVendors = new Map<string, EventKind>([
    [opts.sportsVendor ?? 'SBS', 'sports'],
    [opts.esportsVendor ?? 'SBE', 'esports'],
    [opts.cockfightVendor ?? 'SBC', 'cockfight'],
  ]);
  const platformUrl = opts.platformUrl.replace(/\/+$/, '');
  const faults: Faults = { ...NO_FAULTS };
  const sessions = new Map<string, PlaySession>();
  const wallets = new Map<string, bigint>();
  const transfers = new Map<string, TransferRecord>();
  /** Transfer-API answers done but held back by the delay fault. */
  let held = 0;

  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const json = (body: unknown): Record<string, unknown> => {
    if (!Buffer.isBuffer(body) || body.length === 0) return {};
    try {
      const v = JSON.parse(body.toString('utf8')) as unknown;
      return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const fail = (reply: FastifyReply, status: number, errorCode: string, message: string) =>
    reply.status(status).send({ success: false, errorCode, message });

  /** Send one signed callback to the platform. */
  async function callPlatform(
    vendor: string,
    op: string,
    body: unknown,
    badSignature = false,
  ): Promise<CallbackResult> {
    const raw = JSON.stringify(body);
    const headers = signedHeaders(opts.secret, { method: 'POST', path: `/vendor/${vendor}/${op}`, rawBody: raw });
    if (badSignature)
      headers['x-wps-signature'] = headers['x-wps-signature']!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    try {
      const res = await fetch(`${platformUrl}/vendor/${vendor}/${op}`, {
        method: 'POST',
        headers,
        body: raw,
        signal: AbortSignal.timeout(60_000),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    } catch (err) {
      return { status: 0, body: { error: err instanceof Error ? err.message : 'request failed' } };
    }
  }

  /** A callback sent as many times as the duplicate fault says; the first answer is returned. */
  async function sendWithDuplicates(vendor: string, op: string, body: unknown): Promise<CallbackResult> {
    const first = await callPlatform(vendor, op, body);
    for (let i = 1; i < faults.duplicateCallbacks; i++) await callPlatform(vendor, op, body);
    return first;
  }

  app.get('/health', async () => ({ ok: true }));

  // Both the transfer API (called by the platform) and the control endpoints (fault injection,
  // wallets, callbacks sent on request) need a request signed with the shared secret, over the
  // method, the matched path and the body. Decided on the matched route, not the raw URL, so no
  // spelling of a path (percent-encoding, //) slips past.
  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    const isApi = route.startsWith('/api/');
    if (!isApi && !route.startsWith('/control/')) return;
    if (isApi && faults.down) return fail(reply, 503, 'VENDOR_DOWN', 'The sandbox vendor is down');
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signed = { method: request.method, path: matchedPath(route, request.params), rawBody: raw };
    if (!verify(opts.secret, signed, request.headers['x-wps-timestamp'], request.headers['x-wps-signature'])) {
      return fail(reply, 401, 'SIGNATURE_INVALID', 'Bad signature');
    }
  });

  // ---------------------------------------------------------------------------------------------
  // Control (tests and operators of the sandbox), signed like every other call
  // ---------------------------------------------------------------------------------------------

  app.post('/control/faults', async (request) => {
    const b = json(request.body);
    if (typeof b.down === 'boolean') faults.down = b.down;
    if (typeof b.delayMs === 'number' && b.delayMs >= 0 && b.delayMs <= 120_000) faults.delayMs = b.delayMs;
    if (typeof b.duplicateCallbacks === 'number' && b.duplicateCallbacks >= 1 && b.duplicateCallbacks <= 10)
      faults.duplicateCallbacks = Math.floor(b.duplicateCallbacks);
    if (typeof b.outOfOrderRollback === 'boolean') faults.outOfOrderRollback = b.outOfOrderRollback;
    return { faults };
  });

  app.post('/control/reset', async () => {
    Object.assign(faults, NO_FAULTS);
    return { faults };
  });

  /** Send a list of callbacks, `concurrency` at a time; results in request order. */
  app.post('/control/callbacks', async (request, reply) => {
    const b = json(request.body);
    const list = Array.isArray(b.requests)
      ? (b.requests as { vendor?: string; op?: string; body?: unknown; badSignature?: boolean }[])
      : [];
    const concurrency =
      typeof b.concurrency === 'number' && b.concurrency >= 1 ? Math.min(Math.floor(b.concurrency), 500) : 1;
    if (list.length === 0 || list.length > 5000)
      return fail(reply, 400, 'VALIDATION_FAILED', 'requests: 1 to 5000 items');
    const results: CallbackResult[] = new Array(list.length);
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const i = next++;
        const r = list[i]!;
        results[i] = await callPlatform(
          r.vendor ?? seamlessVendor,
          String(r.op),
          r.body ?? {},
          r.badSignature === true,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
    return { results };
  });

  /** How many transfer-API calls have acted and wait on the delay fault to answer (tests wait for a call to get here). */
  app.get('/control/held', async () => ({ held }));

  app.get<{ Params: { playerId: string } }>('/control/wallets/:playerId', async (request) => ({
    balanceMinor: (wallets.get(request.params.playerId) ?? 0n).toString(),
  }));

  /** Simulate a game result at the transfer vendor (positive: the player won). */
  app.post<{ Params: { playerId: string } }>('/control/wallets/:playerId', async (request, reply) => {
    const b = json(request.body);
    if (typeof b.deltaMinor !== 'string' || !/^-?\d{1,18}$/.test(b.deltaMinor))
      return fail(reply, 400, 'VALIDATION_FAILED', 'deltaMinor');
    const next = (wallets.get(request.params.playerId) ?? 0n) + BigInt(b.deltaMinor);
    if (next < 0n) return fail(reply, 409, 'INSUFFICIENT_FUNDS', 'Balance would go negative');
    wallets.set(request.params.playerId, next);
    return { balanceMinor: next.toString() };
  });

  // ---------------------------------------------------------------------------------------------
  // Transfer-wallet API the platform calls (signed by the platform)
  // ---------------------------------------------------------------------------------------------

  /** Answer after the injected delay (the work is already done, like a vendor whose reply is lost). */
  async function answer(value: unknown) {
    if (faults.delayMs > 0) {
      held += 1;
      try {
        await new Promise((r) => setTimeout(r, faults.delayMs));
      } finally {
        held -= 1;
      }
    }
    return { success: true, value };
  }

  function transferView(id: string, t: TransferRecord) {
    return { transferId: id, status: t.status, balanceMinor: (wallets.get(t.playerId) ?? 0n).toString() };
  }

  const moveMoney = (direction: 'deposit' | 'withdraw') => async (request: { body: unknown }, reply: FastifyReply) => {
    const b = json(request.body);
    if (
      typeof b.transferId !== 'string' ||
      !/^[A-Za-z0-9_.:-]{1,100}$/.test(b.transferId) ||
      !isDigits(b.playerId) ||
      !isDigits(b.amountMinor) ||
      BigInt(b.amountMinor) <= 0n
    ) {
      return fail(reply, 400, 'VALIDATION_FAILED', 'transferId, playerId, amountMinor');
    }
    const known = transfers.get(b.transferId);
    if (known) {
      // Idempotent: the same transfer id always gets the first outcome (a failed status check counts).
      if (known.status === 'failed')
        return fail(reply, 409, 'TRANSFER_FAILED', 'This transfer failed or was cancelled');
      return answer(transferView(b.transferId, known));
    }
    const amount = BigInt(b.amountMinor);
    const balance = wallets.get(b.playerId) ?? 0n;
    if (direction === 'withdraw' && balance < amount) {
      transfers.set(b.transferId, { playerId: b.playerId, direction, amount, status: 'failed' });
      return fail(reply, 409, 'INSUFFICIENT_FUNDS', 'Not enough balance at the vendor');
    }
    wallets.set(b.playerId, direction === 'deposit' ? balance + amount : balance - amount);
    const record: TransferRecord = { playerId: b.playerId, direction, amount, status: 'succeeded' };
    transfers.set(b.transferId, record);
    return answer(transferView(b.transferId, record));
  };

  app.post('/api/wallet/deposit', moveMoney('deposit'));
  app.post('/api/wallet/withdraw', moveMoney('withdraw'));

  app.post('/api/wallet/balance', async (request, reply) => {
    const b = json(request.body);
    if (!isDigits(b.playerId)) return fail(reply, 400, 'VALIDATION_FAILED', 'playerId');
    return answer({ playerId: b.playerId, balanceMinor: (wallets.get(b.playerId) ?? 0n).toString() });
  });

  app.post('/api/wallet/status', async (request, reply) => {
    const b = json(request.body);
    if (typeof b.transferId !== 'string' || !/^[A-Za-z0-9_.:-]{1,100}$/.test(b.transferId))
      return fail(reply, 400, 'VALIDATION_FAILED', 'transferId');
    const known = transfers.get(b.transferId);
    if (known) return answer(transferView(b.transferId, known));
    // Never seen: remember it as failed, so a late deposit with this id is refused, not applied.
    transfers.set(b.transferId, { playerId: '0', direction: 'deposit', amount: 0n, status: 'failed' });
    return answer({ transferId: b.transferId, status: 'not_found' });
  });

  // ---------------------------------------------------------------------------------------------
  // PVP rooms (signed by the platform like the transfer API)
  // ---------------------------------------------------------------------------------------------

  app.post('/api/rooms/list', async (request, reply) => {
    const b = json(request.body);
    if (b.gameId !== undefined && (typeof b.gameId !== 'string' || !/^[A-Za-z0-9_.:-]{1,64}$/.test(b.gameId))) {
      return fail(reply, 400, 'VALIDATION_FAILED', 'gameId');
    }
    const list = [...rooms.values()].filter((r) => b.gameId === undefined || r.gameId === b.gameId);
    return answer({ rooms: list.map(roomView) });
  });

  // ---------------------------------------------------------------------------------------------
  // The game page (the /game iframe target) and its spins
  // ---------------------------------------------------------------------------------------------

  app.get<{ Querystring: Record<string, string | undefined> }>('/play', async (request, reply) => {
    const { token, game, vendor, lang, room: roomId } = request.query;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const vendorCode =
      vendor === transferVendor || vendor === pvpVendor || (vendor && eventVendors.has(vendor))
        ? vendor
        : seamlessVendor;
    const eventKind = eventVendors.get(vendorCode);
    const room = vendorCode === pvpVendor && roomId ? rooms.get(roomId) : undefined;
    if (vendorCode === pvpVendor && roomId && (!room || room.gameId !== game))
      return reply.status(404).send(renderErrorPage('This table does not exist.'));
    if (faults.down) return reply.status(503).send(renderErrorPage('The game server is down. Try again later.'));
    if (!token || !/^[a-f0-9]{64}$/.test(token))
      return reply.status(400).send(renderErrorPage('This game link is not valid.'));
    const auth = await callPlatform(vendorCode, 'authenticate', { launchToken: token });
    const value = (auth.body as { success?: boolean; value?: Record<string, string> } | null)?.value;
    if (auth.status !== 200 || !value)
      return reply.status(401).send(renderErrorPage('This game link has expired. Open the game again.'));
    const scale = value.balance?.includes('.') ? value.balance.split('.')[1]!.length : 0;
    const language = lang === 'en' ? 'en' : 'pt';
    const session: PlaySession = {
      id: crypto.randomBytes(16).toString('hex'),
      vendor: vendorCode,
      gameId: String(game ?? value.gameId),
      playerId: value.playerId!,
      sessionToken: value.sessionToken!,
      currency: value.currency!,
      scale,
      language,
      ...(eventKind ? { event: newEvent(eventKind) } : {}),
    };
    sessions.set(session.id, session);
    const betOptions = [1n, 5n, 10n].map((major) => ({
      minor: (major * 10n ** BigInt(scale)).toString(),
      label: formatMinor(major * 10n ** BigInt(scale), scale),
    }));
    if (eventKind && session.event) {
      return reply.send(
        renderEventPage({
          sessionId: session.id,
          kind: eventKind,
          event: session.event,
          balance: formatMinor(BigInt(value.balanceMinor!), scale),
          currency: session.currency,
          language,
          betOptions,
        }),
      );
    }
    // The player takes a seat: the room list shows it at once.
    if (room && room.seatsTaken < room.seats) {
      room.seatsTaken += 1;
      if (room.seatsTaken === room.seats && room.status === 'open') room.status = 'full';
    }
    const balance = vendorCode === transferVendor ? (wallets.get(session.playerId) ?? 0n) : BigInt(value.balanceMinor!);
    return reply.send(
      renderGamePage({
        sessionId: session.id,
        gameId: session.gameId,
        ...(room ? { roomName: room.name } : {}),
        model: vendorCode === transferVendor ? 'transfer' : 'seamless',
        balance: formatMinor(balance, scale),
        currency: session.currency,
        language,
        betOptions,
      }),
    );
  });

  app.post<{ Params: { sid: string } }>('/play/:sid/spin', async (request, reply) => {
    const session = sessions.get(request.params.sid);
    // An event game's session stakes on its event (/event-bet), never on the slot's paytable.
    if (!session || session.event) return fail(reply, 404, 'SESSION_NOT_FOUND', 'Open the game again');
    const b = json(request.body);
    if (!isDigits(b.betMinor) || BigInt(b.betMinor) <= 0n) return fail(reply, 400, 'VALIDATION_FAILED', 'betMinor');
    const bet = BigInt(b.betMinor);
    const multiplier = BigInt(drawMultiplierTenths());
    const winAmount = (bet * multiplier) / 10n;

    if (session.vendor === transferVendor) {
      const balance = wallets.get(session.playerId) ?? 0n;
      if (balance < bet) return fail(reply, 409, 'INSUFFICIENT_FUNDS', 'Not enough balance: transfer money in first');
      const next = balance - bet + winAmount;
      wallets.set(session.playerId, next);
      return {
        success: true,
        value: {
          winMinor: winAmount.toString(),
          win: formatMinor(winAmount, session.scale),
          balance: formatMinor(next, session.scale),
        },
      };
    }

    const roundId = `r-${crypto.randomUUID()}`;
    const betTx = `b-${crypto.randomUUID()}`;
    const base = { playerId: session.playerId, roundId };
    if (faults.outOfOrderRollback) {
      await sendWithDuplicates(session.vendor, 'rollback', {
        ...base,
        transactionId: `rb-${betTx}`,
        betTransactionId: betTx,
      });
    }
    const betRes = await sendWithDuplicates(session.vendor, 'bet', {
      ...base,
      sessionToken: session.sessionToken,
      transactionId: betTx,
      gameId: session.gameId,
      amountMinor: bet.toString(),
    });
    const betBody = betRes.body as {
      success?: boolean;
      errorCode?: string;
      message?: string;
      value?: { balance?: string };
    } | null;
    if (betRes.status !== 200 || !betBody?.success) {
      return reply.status(409).send({
        success: false,
        errorCode: betBody?.errorCode ?? 'BET_FAILED',
        message: betBody?.message ?? 'The bet was refused',
      });
    }
    const winRes = await sendWithDuplicates(session.vendor, 'win', {
      ...base,
      sessionToken: session.sessionToken,
      transactionId: `w-${betTx}`,
      betTransactionId: betTx,
      amountMinor: winAmount.toString(),
      roundClosed: true,
    });
    const winBody = winRes.body as { success?: boolean; value?: { balance?: string } } | null;
    const balance = winBody?.value?.balance ?? betBody.value?.balance ?? '';
    return {
      success: true,
      value: { winMinor: winAmount.toString(), win: formatMinor(winAmount, session.scale), balance },
    };
  });

  registerEventBets(app, { sessions, send: sendWithDuplicates, fail, json, formatMinor });

  return { app, faults };
}
