// A CPU profile of this process for a window of a bench (V8's sampling profiler through
// node:inspector), for benches whose server runs in the bench's own process. The load runs in a
// process of its own, so the profile holds the server's work and not the client's.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { CpuProfile } from './profile-summary';

/**
 * BENCH_CPU_PROF=<dir> (or 1 for .tmp/cpu-prof, as bench/read-load.ts takes a directory too):
 * where profiles go; undefined when profiling is off.
 */
export function cpuProfileDir(): string | undefined {
  const value = process.env.BENCH_CPU_PROF;
  if (!value) return undefined;
  return path.resolve(value === '1' ? '.tmp/cpu-prof' : value);
}

/** Start sampling now; the returned function stops, writes `<dir>/<name>.cpuprofile` and returns the profile. */
export async function startCpuProfile(
  dir: string,
): Promise<(name: string) => Promise<{ file: string; profile: CpuProfile }>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 500 µs between samples: fine enough for callbacks that each cost a few hundred µs.
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return async (name) => {
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    await session.post('Profiler.disable');
    session.disconnect();
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    return { file, profile };
  };
}
