// What one soak run is: its flags, its duration and rates, the ports and the cluster it owns, the
// run's secrets and its working directory under .tmp/. Read once by soak.ts and handed to the
// set-up, the faults and the summary.
import crypto from 'node:crypto';
import path from 'node:path';
import * as pgc from '../drill/pg-clusters';
import type { MoneyRates } from './soak-money-load';

export type SoakPlan = ReturnType<typeof planSoak>;

const HERE = path.dirname(new URL(import.meta.url).pathname);

/** Flags: --quick | --minutes N, and one rate per kind of traffic (calls per second). */
export function planSoak(argv: string[]) {
  const argOf = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const rate = (name: string, fallback: number) => Number(argOf(name) ?? fallback);
  const minutes = Number(argOf('--minutes') ?? (argv.includes('--quick') ? 5 : 30));
  const durationMs = minutes * 60_000;
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '');
  const root = path.resolve(HERE, '../..');
  // The defaults add up to about half of what this mix measured on the 2-core machine (docs/operations.md, "Soak").
  const money: MoneyRates = {
    deposit: rate('--deposit-rate', 0.5),
    withdrawal: rate('--withdrawal-rate', 0.2),
    ticket: rate('--ticket-rate', 2),
    agentTransfer: rate('--agent-transfer-rate', 0.2),
    vendor: rate('--vendor-rate', 0.5),
  };
  return {
    minutes,
    durationMs,
    /** Logins, lobby and back-office reads per second. */
    rate: rate('--rate', 20),
    /** Seamless callbacks per second (bets and wins). */
    callbackRate: rate('--callback-rate', 40),
    money,
    callbackPlayers: 8,
    /** Registered players of the read mix (logins, lobby). */
    users: 8,
    /** Players of the money load; the deposit orders' limit (30 per player in 10 minutes) needs enough of them. */
    payers: Math.max(12, Math.ceil(money.deposit * 40)),
    agents: 4,
    rssBoundMb: Number(process.env.SOAK_RSS_GROWTH_MB ?? 150),
    sampleMs: 5000,
    warmupMs: Math.min(60_000, durationMs / 5),
    graceMs: 10_000,
    password: 'Soak7pass9word',
    paymentPassword: '739184',
    database: 'wps',
    cluster: pgc.clusterOf('soak', 5471),
    proxyPort: 5480,
    instances: [
      { name: 'app-a', port: 5481 },
      { name: 'app-b', port: 5482 },
    ],
    /** The reference vendor listens here; the platform reaches it through the gate (the fault's switch). */
    vendorPort: 5483,
    vendorGatePort: 5484,
    here: HERE,
    root,
    work: path.join(root, '.tmp', `soak-${stamp}`),
    auditChainKey: crypto.randomBytes(32).toString('hex'),
    /** Shared by the seamless vendor's callbacks, the reference vendor and the transfer vendor's adapter. */
    vendorSecret: crypto.randomBytes(24).toString('hex'),
    /** The sandbox payment gateway's webhook secret, the same on every instance. */
    gatewaySecret: crypto.randomBytes(24).toString('hex'),
  };
}
