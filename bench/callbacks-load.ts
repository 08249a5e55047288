// The vendor's side of the callbacks bench: players with a launched game session each, and the
// load process that plays them (bet then win, each body signed as a vendor signs it).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import type { App } from '../apps/server/src/app';
import { insertMember } from '../apps/server/src/modules/member/member.repository';
import { SANDBOX_SEAMLESS } from '../apps/server/src/modules/gateway/gateway.service';
import { vendorCallbackPath, vendorSignatureHeaders } from '../apps/server/src/modules/gateway/vendor-signature';
import type { BenchServer } from './bench-server';

export type PlayerSession = { playerId: string; sessionToken: string };
export type LoadResult = {
  warmupCallbacks: number;
  callbacks: number;
  bets: number;
  errors: number;
  firstError?: string;
  seconds: number;
  betLatencies: number[];
  winLatencies: number[];
};

// Each player of the load process loops: bet (new round) → win (closes it). Bodies are signed per request,
// as a vendor would, so the measurement includes HMAC checking of the raw bytes.
const LOAD_SOURCE = `
const http = require('node:http');
const crypto = require('node:crypto');
const { baseUrl, vendor, secret, players, durationMs, warmupMs, runId } = JSON.parse(process.argv[1]);
const target = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: players.length });

function post(op, body) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  // docs/vendor-api.md "Signing": the signature covers the method, the callback's path and the body.
  const sig = crypto.createHmac('sha256', secret).update(ts + '.POST./vendor/' + vendor + '/' + op + '.').update(raw).digest('hex');
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: target.hostname, port: target.port, path: '/vendor/' + vendor + '/' + op, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw), 'x-wps-timestamp': ts, 'x-wps-signature': sig } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - t0) / 1e6, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', (err) => resolve({ status: 0, ms: 0, body: String(err) }));
    req.end(raw);
  });
}

let seq = 0;
async function phase(ms, record) {
  const deadline = Date.now() + ms;
  const s = { callbacks: 0, bets: 0, errors: 0, firstError: undefined, betLatencies: [], winLatencies: [] };
  await Promise.all(players.map(async (p) => {
    while (Date.now() < deadline) {
      const n = seq++;
      const roundId = 'r-' + runId + '-' + n;
      const betTx = 'b-' + runId + '-' + n;
      const bet = await post('bet', { playerId: p.playerId, sessionToken: p.sessionToken, transactionId: betTx, roundId, gameId: 'SBX-slot-01', amountMinor: '100' });
      const win = bet.status === 200
        ? await post('win', { playerId: p.playerId, transactionId: 'w-' + runId + '-' + n, roundId, betTransactionId: betTx, amountMinor: String((n % 3) * 100), roundClosed: true })
        : undefined;
      if (!record) { s.callbacks += win ? 2 : 1; continue; }
      for (const r of win ? [bet, win] : [bet]) {
        s.callbacks++;
        if (r.status !== 200) { s.errors++; if (!s.firstError) s.firstError = r.status + ' ' + r.body.slice(0, 300); }
      }
      s.bets++;
      s.betLatencies.push(bet.ms);
      if (win) s.winLatencies.push(win.ms);
    }
  }));
  return s;
}

(async () => {
  const warmup = await phase(warmupMs, false);
  const t0 = process.hrtime.bigint();
  const s = await phase(durationMs, true);
  s.seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  s.warmupCallbacks = warmup.callbacks;
  agent.destroy();
  process.stdout.write(JSON.stringify(s));
})().catch((err) => { console.error(err); process.exit(1); });
`;

/** One load run from a process of its own (never inside the measured server's process). */
export function runCallbackLoad(input: {
  baseUrl: string;
  secret: string;
  players: PlayerSession[];
  durationMs: number;
  warmupMs: number;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const data = {
      ...input,
      vendor: SANDBOX_SEAMLESS,
      runId: crypto.randomBytes(4).toString('hex'),
    };
    const child = spawn(process.execPath, ['-e', LOAD_SOURCE, JSON.stringify(data)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`callback load exited ${code}`)),
    );
  });
}

/** Connect the reference seamless vendor with a new secret (returned), as a vendor's operator would. */
export async function configureSeamlessVendor(app: App): Promise<string> {
  const secret = crypto.randomBytes(24).toString('hex');
  await connectSeamlessVendor(app, secret);
  return secret;
}

/** The sandbox seamless vendor, connected with `secret`, its launch URL an address nothing is ever sent to. */
export async function connectSeamlessVendor(app: App, secret: string): Promise<void> {
  await app.services.gateway.configureAdapter({
    vassalage: SANDBOX_SEAMLESS,
    walletModel: 'seamless',
    launchUrl: 'http://127.0.0.1:9/play',
    apiUrl: null,
    secret,
    requestTimeoutMs: 5000,
  });
}

/** `count` players: a member row, a funded wallet, and a vendor session from a real launch + signed authenticate. */
export async function createCallbackPlayers(
  server: BenchServer,
  secret: string,
  count: number,
): Promise<PlayerSession[]> {
  const app: App = server.app;
  const db = server.database.db;
  const players: PlayerSession[] = [];
  for (let i = 0; i < count; i++) {
    const memberId = await insertMember(db, {
      account: `cb${crypto.randomBytes(5).toString('hex')}`,
      nickname: null,
      type: 3,
      passwordHash: 'bench-no-login',
      paymentPasswordHash: null,
      dialingCode: null,
      mobile: null,
      email: null,
      payeeName: null,
      qq: null,
      line: null,
      whatsapp: null,
      zalo: null,
      facebook: null,
      wechat: null,
      idNumber: null,
      language: 'EN',
      uplineId: null,
      referrerId: null,
      registerDomain: null,
      registerIp: null,
      mustChangePassword: false,
      now: new Date(),
      lastLoginAt: null,
    });
    await app.services.ledger.creditPlayerFromSystem({
      systemAccount: 'demo_bank',
      memberId,
      amountMinor: 10n ** 12n,
      kind: 'adjustment',
      idempotencyKey: `bench-cb-fund:${memberId}`,
    });
    // A game session lives with the login session that launched it.
    const { sessionId } = await app.services.session.createSession(db, { memberId });
    const launch = await app.services.gateway.launchGame(
      { memberId, type: 3, sessionId },
      { nodeId: 'SBX-slot-01', vassalage: SANDBOX_SEAMLESS },
      'en',
    );
    const launchToken = new URL(launch.game_url).searchParams.get('token')!;
    const raw = JSON.stringify({ launchToken });
    const res = await fetch(`${server.baseUrl}/vendor/${SANDBOX_SEAMLESS}/authenticate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...vendorSignatureHeaders(secret, {
          method: 'POST',
          path: vendorCallbackPath(SANDBOX_SEAMLESS, 'authenticate'),
          rawBody: raw,
        }),
      },
      body: raw,
    });
    const body = (await res.json()) as { value: { sessionToken: string } };
    players.push({ playerId: memberId, sessionToken: body.value.sessionToken });
  }
  return players;
}

/** The q-quantile of ascending `sorted` (0 when empty). */
export function pick(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}
