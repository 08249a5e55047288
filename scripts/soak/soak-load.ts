// The soak's player and operator traffic, in a process of its own (never a server's event loop):
// an open loop at a fixed rate (a slow answer never slows the offered load, as real players do not
// wait for each other), each tick one call picked by weight: a player's encrypted username login,
// the lobby's first page of games, an operator's player search. Every answer (or failure to get
// one) is appended to a JSON-lines file as it arrives. The seamless callbacks come from the
// failover drill's vendor process (scripts/drill/failover-load.ts), the money calls from
// soak-money-load.ts; each records its own answers.
// Input: one JSON argument (see SoakLoadInput).
import fs from 'node:fs';
import type { RsaKeyResult } from '@wps/shared/schemas/session';
import { encryptLogin } from '../../bench/bench-client';

export type SoakLoadInput = {
  baseUrl: string;
  users: { username: string; password: string; token: string }[];
  operatorToken: string;
  durationMs: number;
  ratePerSecond: number;
  out: string;
};

export type CallKind = 'login' | 'lobby' | 'backoffice';

/** One call as the client saw it (its kind: this file's, the callbacks', the money load's, the SMS bursts'); `ok` is a 200 with a successful envelope. */
export type CallRecord = {
  at: number;
  kind: string;
  ms: number;
  status: number;
  code: string;
  ok: boolean;
};

const REQUEST_TIMEOUT_MS = 10_000;
/** Of every 10 calls: 1 login (scrypt at the production cost is the expensive one), 6 lobby reads, 3 back-office reads. */
const WEIGHTS: [CallKind, number][] = [
  ['login', 1],
  ['lobby', 6],
  ['backoffice', 3],
];
const LOBBY_PAGE = {
  pageNo: 1,
  pageSize: 42,
  vassalage: 'SBX',
  gameType: 'RNG',
  clientType: 3,
  platform: 'html5-desktop',
};

function pickKind(n: number): CallKind {
  const total = WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let slot = n % total;
  for (const [kind, w] of WEIGHTS) {
    if (slot < w) return kind;
    slot -= w;
  }
  return 'lobby';
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2]!) as SoakLoadInput;
  const out = fs.openSync(input.out, 'a');
  const stopAt = Date.now() + input.durationMs;
  let key: RsaKeyResult | null = null;
  let n = 0;

  const send = async (kind: CallKind, path: string, init: RequestInit): Promise<CallRecord> => {
    const t0 = performance.now();
    let status = 0;
    let code: string;
    try {
      const res = await fetch(input.baseUrl + path, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      status = res.status;
      const envelope = (await res.json().catch(() => ({}))) as {
        success?: boolean;
        errorCode?: string;
        value?: unknown;
      };
      code = envelope.success ? 'OK' : (envelope.errorCode ?? 'NOT_JSON');
      if (kind === 'login' && path.endsWith('/rsa') && envelope.success) key = envelope.value as RsaKeyResult;
    } catch (err) {
      code = (err as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'NO_ANSWER';
    }
    const record: CallRecord = {
      at: Date.now(),
      kind,
      ms: performance.now() - t0,
      status,
      code,
      ok: status === 200 && code === 'OK',
    };
    fs.writeSync(out, `${JSON.stringify(record)}\n`);
    return record;
  };

  const call = async (i: number): Promise<void> => {
    const kind = pickKind(i);
    const user = input.users[i % input.users.length]!;
    // A distinct client address per call (a header only), as many players behind the proxy would have.
    const forwardedFor = `198.18.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
    if (kind === 'lobby') {
      await send(kind, '/wps/relay/GCSGAME_gameList', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: user.token, 'x-forwarded-for': forwardedFor },
        body: JSON.stringify(LOBBY_PAGE),
      });
    } else if (kind === 'backoffice') {
      await send(kind, `/ops/players?key=username&q=sk${i % 10}`, {
        headers: { authorization: input.operatorToken, 'x-forwarded-for': forwardedFor },
      });
    } else {
      // The key is fetched once and again after a failed login (it rotates; a restarted server may hold a newer one).
      if (!key) await send(kind, '/wps/session/key/rsa', { headers: { 'x-forwarded-for': forwardedFor } });
      if (!key) return;
      const body = await encryptLogin(key, user.username, user.password);
      const answer = await send(kind, '/wps/session/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify(body),
      });
      if (!answer.ok) key = null;
    }
  };

  const pending = new Set<Promise<void>>();
  const intervalMs = 1000 / input.ratePerSecond;
  const started = Date.now();
  while (Date.now() < stopAt) {
    const p = call(n++).finally(() => pending.delete(p));
    pending.add(p);
    const next = started + n * intervalMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
  }
  await Promise.all(pending);
  fs.closeSync(out);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
