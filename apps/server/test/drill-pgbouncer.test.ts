import { describe, expect, it } from 'vitest';
import { loadFigures } from '../../../scripts/drill/pgbouncer-checks';
import { bouncerIni } from '../../../scripts/drill/pgbouncer-process';
import type { AnswerRecord } from '../../../scripts/drill/failover-load';

// The PgBouncer drill's pure parts: the ini it runs PgBouncer with, and the figures it prints.

describe('the PgBouncer drill', () => {
  it('runs PgBouncer in transaction mode on its own port, refusing unknown startup parameters', () => {
    const ini = bouncerIni({ port: 6495, database: 'wps', serverPort: 5495, dir: '/scratch', poolSize: 8 });
    expect(ini).toContain('wps = host=127.0.0.1 port=5495 dbname=wps');
    expect(ini).toMatch(/^pool_mode = transaction$/m);
    expect(ini).toMatch(/^listen_port = 6495$/m);
    expect(ini).toMatch(/^default_pool_size = 8$/m);
    // An ignored `options` would drop the settings it carries without a word.
    expect(ini).not.toContain('ignore_startup_parameters');
    // No socket of its own: the machine's PostgreSQL and PgBouncer own theirs.
    expect(ini).toMatch(/^unix_socket_dir =$/m);
  });

  it('counts acknowledged callbacks per second of load and the bet latencies', () => {
    const answer = (op: 'bet' | 'win', ms: number, acknowledged = true): AnswerRecord => ({
      sentAt: 1000,
      at: 1000 + ms,
      server: 'a',
      op,
      tx: `${op}-${ms}`,
      round: 'r',
      player: 'p',
      amount: '100',
      status: acknowledged ? 200 : 503,
      code: acknowledged ? 'OK' : 'SERVER_BUSY',
      acknowledged,
    });
    const bets = Array.from({ length: 100 }, (_, i) => answer('bet', i + 1));
    const answers = [...bets, answer('win', 500), answer('bet', 900, false)];
    const figures = loadFigures('direct', answers, 9_000, 10_000);
    expect(figures.requests).toBe(102);
    expect(figures.acknowledged).toBe(101);
    // Over the longer of the planned load and the time it took.
    expect(figures.callbacksPerSecond).toBeCloseTo(10.1);
    expect(figures.betP50Ms).toBe(51);
    expect(figures.betP99Ms).toBe(100);
    expect(loadFigures('slow', answers, 20_000, 10_000).callbacksPerSecond).toBeCloseTo(5.05);
  });
});
