// Login latency (p50/p99) of the encrypted username login at the production scrypt cost, next to
// the raw scrypt hash time measured in the same run, so the share spent hashing is visible.
// Run: npx tsx bench/login.bench.ts   (BENCH_LOGIN_SAMPLES, BENCH_SCRYPT_SAMPLES to change)
import { loadConfig } from '../apps/server/src/config';
import { createPasswordHasher } from '../apps/server/src/modules/member/password-hasher';
import { startBenchServer } from './bench-server';
import { callApi, encryptLogin, fetchRsaKey, registerMember, uniqueUsername } from './bench-client';
import { quantile } from './http-load';

const LOGIN_SAMPLES = Number(process.env.BENCH_LOGIN_SAMPLES ?? 40);
const SCRYPT_SAMPLES = Number(process.env.BENCH_SCRYPT_SAMPLES ?? 20);
const USERS = 4;
const PASSWORD = 'Bench7pass9word';

/** A distinct client address per request (a header only; traffic stays on loopback), so per-IP throttles measure nothing here. */
function clientAddress(i: number): string {
  return `198.18.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}

async function main() {
  // Production cost unless SCRYPT_LOG_N says otherwise; TRUST_PROXY so each sample has its own client IP.
  const logN = loadConfig().scryptLogN;
  const server = await startBenchServer({ scryptLogN: logN, trustProxy: 1 });
  try {
    console.log(
      `login bench: ${server.databaseKind}, scrypt N=2^${logN} r=8 p=1, ${LOGIN_SAMPLES} logins, node ${process.version}`,
    );
    const key = await fetchRsaKey(server.baseUrl);
    const users: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const name = uniqueUsername(`lb${i}`);
      await registerMember(server.baseUrl, key, name, PASSWORD, { 'x-forwarded-for': clientAddress(10_000 + i) });
      users.push(name);
    }

    // Raw hash: the server's own hasher at the same cost, outside any request.
    const hasher = createPasswordHasher({ logN });
    const stored = await hasher.hash(PASSWORD);
    const hashMs: number[] = [];
    for (let i = 0; i < SCRYPT_SAMPLES; i++) {
      const t0 = performance.now();
      if (!(await hasher.verify(PASSWORD, stored))) throw new Error('hasher.verify refused its own hash');
      hashMs.push(performance.now() - t0);
    }

    const loginMs: number[] = [];
    for (let i = 0; i < LOGIN_SAMPLES; i++) {
      const username = users[i % users.length] ?? '';
      const body = await encryptLogin(key, username, PASSWORD);
      const t0 = performance.now();
      const value = await callApi<{ token: string }>(server.baseUrl, '/wps/session/login', {
        method: 'POST',
        body,
        headers: { 'x-forwarded-for': clientAddress(i) },
      });
      loginMs.push(performance.now() - t0);
      if (!value.token) throw new Error('login returned no token');
    }

    const h = stats(hashMs);
    const l = stats(loginMs);
    console.log(
      `raw scrypt verify       p50 ${h.p50.toFixed(1)} ms  p99 ${h.p99.toFixed(1)} ms  (min ${h.min.toFixed(1)}, max ${h.max.toFixed(1)}; ${SCRYPT_SAMPLES} samples)`,
    );
    console.log(
      `POST /wps/session/login p50 ${l.p50.toFixed(1)} ms  p99 ${l.p99.toFixed(1)} ms  (min ${l.min.toFixed(1)}, max ${l.max.toFixed(1)}; ${LOGIN_SAMPLES} samples)`,
    );
    console.log(
      `hashing share of login p50: ${((h.p50 / l.p50) * 100).toFixed(0)}% (the rest: decryption, database, session, HTTP)`,
    );
  } finally {
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
