// The soak's child processes and what it samples of them: each process by name (a restarted
// instance keeps its name and gets a new label, so its memory series starts afresh), started as
// node with tsx's loader, and every few seconds its RSS and CPU time from /proc plus the
// cluster's connections from pg_stat_activity.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import * as pgc from '../drill/pg-clusters';
import type { SoakPlan } from './soak-plan';
import type { ConnectionSample, MemorySample } from './soak-report';

/**
 * Node with tsx's loader, never the tsx command: that command runs the script in a child process of
 * its own, so a SIGKILL would hit the wrapper and leave the server running, and /proc would give
 * the wrapper's memory.
 */
export const NODE_TS = [process.execPath, '--import', 'tsx'] as const;

export const log = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The environment of a child: the test suites' PGOPTIONS (synchronous_commit=off) would make an acknowledgement worth less. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.PGOPTIONS;
  delete env.DATABASE_URL;
  return { ...env, ...extra };
}

/**
 * CPU seconds (user + system) a process has used, from /proc/<pid>/stat, with its children that
 * have exited when `withExited`; null once it is gone. Clock ticks are 1/100 s on Linux.
 */
function cpuSeconds(pid: number | undefined, withExited = false): number | null {
  try {
    // The fields after the command name (which may hold spaces): utime, stime, cutime, cstime at 11–14.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return (f[11]! + f[12]! + (withExited ? f[13]! + f[14]! : 0)) / 100;
  } catch {
    return null;
  }
}

/** The whole cluster's CPU: the postmaster with its exited backends, plus every live backend and worker. */
function clusterCpuSeconds(plan: SoakPlan): number | null {
  try {
    const pm = pgc.postmasterPid(plan.cluster);
    const own = cpuSeconds(pm, true);
    if (own === null) return null;
    const children = fs.readFileSync(`/proc/${pm}/task/${pm}/children`, 'utf8').trim().split(' ').filter(Boolean);
    return children.reduce((sum, pid) => sum + (cpuSeconds(Number(pid)) ?? 0), own);
  } catch {
    return null;
  }
}

function rssMb(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

export type CpuSample = { at: number; process: string; cpuSeconds: number };

export function createProcesses(plan: SoakPlan) {
  const live = new Map<string, { child: ChildProcess; label: string }>();
  const children: ChildProcess[] = [];
  const restarts = new Map<string, number>();

  /** A label for a new process under `name`: the name itself, then name#2, name#3… */
  const labelFor = (name: string) => {
    if (!live.has(name)) return name;
    const n = (restarts.get(name) ?? 1) + 1;
    restarts.set(name, n);
    return `${name}#${n}`;
  };

  const track = (name: string, label: string, child: ChildProcess): void => {
    children.push(child);
    live.set(name, { child, label });
  };

  return {
    live,
    labelFor,
    track,

    /** A TypeScript script as a tracked child; resolves when it exits 0. */
    runScript(name: string, script: string, input: unknown, env: Record<string, string> = {}): Promise<void> {
      return new Promise((resolve, reject) => {
        const child = spawn(NODE_TS[0], [...NODE_TS.slice(1), script, JSON.stringify(input)], {
          env: childEnv(env),
          stdio: ['ignore', 'inherit', 'inherit'],
        });
        track(name, name, child);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited ${code}`))));
      });
    },

    /** Every 5 s: RSS and CPU time per live process (and this one), and the cluster's connections. */
    startSampler(memory: MemorySample[], cpu: CpuSample[], connections: ConnectionSample[]): () => void {
      const sample = () => {
        const at = Date.now();
        const all = [
          ...live.values(),
          { child: { pid: process.pid, exitCode: null, signalCode: null }, label: 'soak' },
        ];
        for (const { child, label } of all) {
          if (child.exitCode !== null || child.signalCode !== null) continue;
          const mb = rssMb(child.pid);
          const seconds = cpuSeconds(child.pid);
          if (mb !== null) memory.push({ at, process: label, rssMb: mb });
          if (seconds !== null) cpu.push({ at, process: label, cpuSeconds: seconds });
        }
        const cluster = clusterCpuSeconds(plan);
        if (cluster !== null) cpu.push({ at, process: 'postgres', cpuSeconds: cluster });
        try {
          const [total, active, idle] = pgc
            .psql(
              plan.cluster,
              `SELECT count(*), count(*) FILTER (WHERE state = 'active'), count(*) FILTER (WHERE state = 'idle') FROM pg_stat_activity WHERE datname = '${plan.database}'`,
            )
            .split('|')
            .map(Number) as [number, number, number];
          connections.push({ at, total, active, idle });
        } catch {
          // The cluster is restarting: no sample.
        }
      };
      sample();
      const timer = setInterval(sample, plan.sampleMs);
      return () => clearInterval(timer);
    },

    /** SIGTERM to every child still running. */
    stopAll(): void {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
}

export type Processes = ReturnType<typeof createProcesses>;
