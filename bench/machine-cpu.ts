// Where a run's CPU went on this machine, read from /proc (Linux): PostgreSQL's processes, and the
// machine as a whole. The callbacks bench prints both per callback and per pgbench transfer, so
// the ratio between them is explained by measured costs (the database's work per callback against
// its work per transfer) rather than by a guess. The server's own CPU comes from process.cpuUsage().
// A backend that exits during a run takes its CPU with it; the bench's pools and pgbench's clients
// keep their connections for the whole run, so nothing it measures is lost that way.
import fs from 'node:fs';

/** Kernel clock ticks per second (`getconf CLK_TCK`): 100 on every Linux this project runs on. */
const TICKS_PER_SECOND = 100;
const msOfTicks = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/** utime + stime of one process, in ticks; undefined when it is gone or not readable. */
function processTicks(pid: string): { comm: string; ppid: string; ticks: number } | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may itself hold spaces or parentheses: split after the last ')'.
  const close = stat.lastIndexOf(')');
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  const fields = stat.slice(close + 2).split(' ');
  // Fields from the state (field 3): utime is field 14, stime field 15, so indexes 11 and 12 here.
  return { comm, ppid: fields[1] ?? '', ticks: Number(fields[11]) + Number(fields[12]) };
}

/**
 * CPU ticks of every process named `postgres`, by pid: all clusters on the machine, or with
 * BENCH_POSTGRES_PID (a postmaster's pid) that cluster's only, so a cluster of the bench's own is
 * measured apart from a shared one's other users.
 */
function postgresTicks(): Map<string, number> {
  const only = process.env.BENCH_POSTGRES_PID;
  const byPid = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const p = processTicks(pid);
    if (p?.comm === 'postgres' && (!only || pid === only || p.ppid === only)) byPid.set(pid, p.ticks);
  }
  return byPid;
}

/** Busy ticks of all cores together (/proc/stat's first line, everything but idle and iowait). */
function machineBusyTicks(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return user! + nice! + system! + irq! + softirq! + steal!;
}

export type CpuSpent = { postgresMs: number; machineMs: number };

/** Starts counting; the returned function gives the CPU spent since, by PostgreSQL and by the whole machine. */
export function startMachineCpu(): (() => CpuSpent) | undefined {
  if (!fs.existsSync('/proc/stat')) return undefined;
  const pgBefore = postgresTicks();
  const machineBefore = machineBusyTicks();
  return () => {
    let pg = 0;
    for (const [pid, ticks] of postgresTicks()) pg += ticks - (pgBefore.get(pid) ?? 0);
    return { postgresMs: msOfTicks(pg), machineMs: msOfTicks(machineBusyTicks() - machineBefore) };
  };
}
