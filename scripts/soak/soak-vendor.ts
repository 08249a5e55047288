// The transfer-wallet vendor the platform calls out to, and the soak's switch on it: the reference
// vendor (apps/vendor-sandbox) in a process of its own, reached by the instances through a TCP gate
// in this process. "Slow" is the vendor's own fault (it acts, then answers late: signed
// POST /control/faults); "unreachable" closes the gate, so every connection is refused as if the
// vendor's host were gone, until it opens again.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { vendorSignatureHeaders } from '../../apps/server/src/modules/gateway/vendor-signature';
import { childEnv, log, NODE_TS, type Processes } from './soak-processes';
import type { SoakPlan } from './soak-plan';

export type VendorSwitch = {
  /** The vendor answers each transfer-API call `delayMs` late (0: on time). */
  setDelay(delayMs: number): Promise<void>;
  /** Refuse every connection (false) or let them through again (true). */
  setReachable(reachable: boolean): Promise<void>;
  close(): void;
};

export async function startVendor(plan: SoakPlan, processes: Processes): Promise<VendorSwitch> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(NODE_TS[0], [...NODE_TS.slice(1), path.join(plan.root, 'apps/vendor-sandbox/src/main.ts')], {
      env: childEnv({
        SANDBOX_PORT: String(plan.vendorPort),
        VENDOR_SANDBOX_SECRET: plan.vendorSecret,
        WPS_PLATFORM_URL: `http://127.0.0.1:${plan.proxyPort}`,
      }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    processes.track('vendor', 'vendor', child);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('listening')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the reference vendor exited ${code} before listening`)));
  });

  const sockets = new Set<net.Socket>();
  const gate = net.createServer((client) => {
    const upstream = net.connect(plan.vendorPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const open = () => new Promise<void>((resolve) => gate.listen(plan.vendorGatePort, '127.0.0.1', resolve));
  await open();
  log(`reference vendor on ${plan.vendorPort}, reached through the gate on ${plan.vendorGatePort}`);

  const control = async (body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    const res = await fetch(`http://127.0.0.1:${plan.vendorPort}/control/faults`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...vendorSignatureHeaders(plan.vendorSecret, { method: 'POST', path: '/control/faults', rawBody: raw }),
      },
      body: raw,
    });
    if (!res.ok) throw new Error(`vendor fault control answered ${res.status}`);
  };

  return {
    setDelay: (delayMs) => control({ delayMs }),
    async setReachable(reachable) {
      if (reachable) return open();
      await new Promise<void>((resolve) => {
        gate.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    close() {
      gate.close();
      for (const s of sockets) s.destroy();
    },
  };
}
