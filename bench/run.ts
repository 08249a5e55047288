// `npm run bench [name...]`: run the named benchmarks (default: all) one after another, each in
// its own process so one's heap and threads do not skew the next.
import { spawnSync } from 'node:child_process';

const BENCHES: Record<string, string> = {
  'member-info': 'bench/member-info.bench.ts',
  login: 'bench/login.bench.ts',
  wallet: 'bench/wallet-transfer.bench.ts',
  callbacks: 'bench/callbacks.bench.ts',
  'game-list': 'bench/game-list.bench.ts',
  content: 'bench/content.bench.ts',
  balance: 'bench/balance.bench.ts',
  hooks: 'bench/hooks.bench.ts',
  rtp: 'bench/slot-rtp.bench.ts',
};

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(BENCHES);
let failed = 0;
for (const name of names) {
  const file = BENCHES[name];
  if (!file) {
    console.error(`unknown bench "${name}"; known: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n### ${name}`);
  const r = spawnSync('npx', ['tsx', file], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
