// The players of bench/crash.bench.ts, in a process of its own: bets and cash-outs through the real
// HTTP API at a set pace (open loop: a slow answer does not slow the next request down, as with
// real players). Reads the players ({sessionToken, playerId, auto}) from the JSON file named on
// the command line; on stdin, `bets <ms>` places one bet per player spread over <ms>,
// `cashouts <from> <count> <perSecond>` cashes players [from, from + count) out at that pace,
// `get <path> <count> <perSecond>` times a bare route at the same pace (the baseline); each prints
// {"ok", "codes", "p50", "p99", "max"} (ms, from sending to the whole answer). `stop` ends.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import readline from 'node:readline';

const [baseUrl, playersFile] = process.argv.slice(2) as [string, string];
const players = JSON.parse(fs.readFileSync(playersFile, 'utf8')) as {
  sessionToken: string;
  playerId: string;
  auto: number | null;
}[];
const target = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

type Answer = { ms: number; code: string };

function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method,
        agent,
        headers: payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const code =
            res.statusCode === 200 ? 'ok' : (/"errorCode":"([A-Z_]+)"/.exec(text)?.[1] ?? `HTTP ${res.statusCode}`);
          resolve({ ms: performance.now() - t0, code });
        });
      },
    );
    req.on('error', (err) => resolve({ ms: performance.now() - t0, code: err.message }));
    req.end(payload);
  });
}

/** `count` requests made by `make(i)`, at `perSecond` (in slices of 10 ms), all awaited. */
async function paced(count: number, perSecond: number, make: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const started = performance.now();
  const pending: Promise<Answer>[] = [];
  for (let i = 0; i < count; ) {
    const due = Math.min(count, Math.floor(((performance.now() - started) * perSecond) / 1000) + 1);
    for (; i < due; i++) pending.push(make(i));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Promise.all(pending);
}

function summary(answers: Answer[]) {
  const codes: Record<string, number> = {};
  for (const a of answers) codes[a.code] = (codes[a.code] ?? 0) + 1;
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? NaN;
  return { ok: codes.ok ?? 0, codes, p50: q(0.5), p99: q(0.99), max: ms.at(-1) ?? NaN };
}

async function main(): Promise<void> {
  console.log(JSON.stringify({ ready: players.length }));
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [command, a, b, c] = line.trim().split(' ');
    if (command === 'stop') break;
    if (command === 'bets') {
      const answers = await paced(players.length, (players.length * 1000) / Number(a), (i) => {
        const p = players[i]!;
        return request('POST', '/wps/inhouse/crash/bet', {
          sessionToken: p.sessionToken,
          playerId: p.playerId,
          stakeMinor: '100',
          idempotencyKey: `b-${crypto.randomBytes(8).toString('hex')}`,
          ...(p.auto === null ? {} : { autoCashoutHundredths: p.auto }),
        });
      });
      console.log(JSON.stringify(summary(answers)));
    } else if (command === 'cashouts') {
      const from = Number(a);
      const answers = await paced(Number(b), Number(c), (i) => {
        const p = players[from + i]!;
        return request('POST', '/wps/inhouse/crash/cashout', { sessionToken: p.sessionToken, playerId: p.playerId });
      });
      console.log(JSON.stringify(summary(answers)));
    } else if (command === 'get') {
      console.log(JSON.stringify(summary(await paced(Number(b), Number(c), () => request('GET', a!)))));
    }
  }
  agent.destroy();
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
