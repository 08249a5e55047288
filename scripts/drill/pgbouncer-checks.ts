// The PgBouncer drill's load and checks: the failover drill's vendor in a process of its own, the
// figures of one run (callbacks/s, bet latency), and the change feed as the two-instance test
// checks it (a member's language set on one server is read from the other's cache).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { pick } from '../../bench/callbacks-load';
import { type Instance, send } from '../../apps/server/test/twin-cluster';
import type { AnswerRecord, LoadInput } from './failover-load';

const TSX = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../node_modules/.bin/tsx');
/** The two-instance test's deadline for a change to reach the other server's cached reads. */
const FEED_DEADLINE_MS = 1000;

export type PhaseFigures = {
  name: string;
  requests: number;
  acknowledged: number;
  /** Acknowledged bets and wins per second of load. */
  callbacksPerSecond: number;
  betP50Ms: number;
  betP99Ms: number;
  /** PgBouncer's SHOW POOLS at its fullest during the load (null for the direct run). */
  peak: { clients: number; servers: number; clWaiting: number } | null;
  answers: AnswerRecord[];
};

/** The vendor's load from its own process (never the drill's event loop); resolves when it ends. */
export function runLoad(script: string, input: LoadInput): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script, JSON.stringify(input)], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`load exited ${code}`))));
  });
}

export function loadFigures(
  name: string,
  answers: AnswerRecord[],
  elapsedMs: number,
  loadMs: number,
): Omit<PhaseFigures, 'peak' | 'answers'> {
  const acks = answers.filter((a) => a.acknowledged);
  const betLatencies = acks
    .filter((a) => a.op === 'bet')
    .map((a) => a.at - a.sentAt)
    .sort((x, y) => x - y);
  // Rounds start until loadMs; the last ones finish a little after, so the rate counts the whole run.
  const seconds = Math.max(loadMs, elapsedMs) / 1000;
  return {
    name,
    requests: answers.length,
    acknowledged: acks.length,
    callbacksPerSecond: acks.length / seconds,
    betP50Ms: pick(betLatencies, 0.5),
    betP99Ms: pick(betLatencies, 0.99),
  };
}

async function waitFor(probe: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A member registered on `writer`, read on `reader` (now in its cache), its language set on
 * `writer`: `reader` must answer the new language within the deadline, which only the change
 * feed's notification (LISTEN on DATABASE_LISTEN_URL) makes it do.
 */
export async function changeFeedSeen(writer: Instance, reader: Instance): Promise<{ ok: boolean; ms: number }> {
  const username = `pgb${crypto.randomBytes(4).toString('hex')}`;
  const password = `Pw${crypto.randomBytes(6).toString('hex')}9`;
  const reg = await send(writer, 'PUT', '/wps/member/register', {
    body: { username, password, confirmPassword: password, agree: true },
    encrypted: true,
  });
  if (reg.outcome !== 'accepted') throw new Error(`register refused: ${reg.errorCode}`);
  const token = (reg.value as { token: string }).token;
  const languageOn = async (on: Instance) =>
    ((await send(on, 'GET', '/wps/member/info', { token })).value as { language?: string } | undefined)?.language;
  const before = await languageOn(reader);
  const language = before === 'EN' ? 'ES' : 'EN';
  const put = await send(writer, 'PUT', '/wps/member/language', { token, body: { language } });
  if (put.outcome !== 'accepted') throw new Error(`language refused: ${put.errorCode}`);
  const started = Date.now();
  const seen = await waitFor(async () => (await languageOn(reader)) === language, 5000);
  const ms = Date.now() - started;
  return { ok: seen && ms < FEED_DEADLINE_MS, ms };
}
