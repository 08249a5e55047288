// The soak's servers: its own PostgreSQL cluster (never the CI one), the two app instances on
// fixed ports, and HAProxy in front of them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as pgc from '../drill/pg-clusters';
import { childEnv, log, NODE_TS, type Processes } from './soak-processes';
import type { SoakPlan } from './soak-plan';

/** A fresh cluster `soak` with an empty database (an earlier run's leftover is dropped first). */
export function createSoakCluster(plan: SoakPlan): void {
  pgc.dropCluster(plan.cluster);
  pgc.createCluster(plan.cluster);
  pgc.startCluster(plan.cluster);
  pgc.psql(plan.cluster, `CREATE DATABASE ${plan.database}`);
}

/** Start instance `index` (soak-server.ts); resolves once it listens. A restart gets a label of its own. */
export function startInstance(plan: SoakPlan, processes: Processes, index: number): Promise<void> {
  const { name, port } = plan.instances[index]!;
  const label = processes.labelFor(name);
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_TS[0], [...NODE_TS.slice(1), path.join(plan.here, 'soak-server.ts')], {
      env: childEnv({
        SOAK_DATABASE_URL: plan.cluster.url(plan.database),
        SOAK_PORT: String(port),
        SOAK_DATA_DIR: path.join(plan.work, `data-${name}`),
        AUDIT_CHAIN_KEY: plan.auditChainKey,
        // Every instance checks the sandbox gateway's webhooks with the same secret (the load signs them).
        SANDBOX_GATEWAY_SECRET: plan.gatewaySecret,
      }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    processes.track(name, label, child);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) {
        log(`${label} listening on ${port} (pid ${child.pid})`);
        resolve();
      }
    });
    child.on('exit', (code, signal) => {
      if (!out.includes('\n')) reject(new Error(`${label} exited ${code ?? signal} before listening`));
    });
  });
}

/** HAProxy: round-robin over both instances, health-checked every second, and no retries. */
export function startProxy(plan: SoakPlan, processes: Processes): void {
  const cfg = path.join(plan.work, 'haproxy.cfg');
  fs.writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      // A live instance slowed by a busy machine stays in the rotation; a killed one refuses the check's connection at once.
      '  timeout check 3s',
      // No retries and no redispatch: a request sent to a dying instance fails, as it would for a client.
      '  retries 0',
      'frontend soak',
      `  bind 127.0.0.1:${plan.proxyPort}`,
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  option httpchk GET /healthz',
      ...plan.instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check inter 1s fall 2 rise 1`),
      '',
    ].join('\n'),
  );
  const child = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  processes.track('haproxy', 'haproxy', child);
  log(`HAProxy on ${plan.proxyPort} (pid ${child.pid}) → ${plan.instances.map((i) => i.port).join(', ')}`);
}
