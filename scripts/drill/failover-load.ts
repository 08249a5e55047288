// The failover drill's vendor, in a process of its own (never the servers' event loop): each
// player plays rounds, a signed seamless bet then its win, against the drill's app servers in
// turn, and every answer is appended to a JSON-lines file as it arrives: the transaction id, the
// amount, the HTTP status and the envelope's code. A call that fails (503 during the failover, a
// refused connection, a timeout) is sent again with the same transaction id after a pause, as a
// vendor retries, until answered or the run's grace period ends: so a round's bet is acknowledged
// at most once however often it was sent, and the drill can count what an acknowledgement promised.
// Input: one JSON argument (see LoadInput). Stops starting rounds at durationMs, and retrying at
// durationMs + graceMs; roundPauseMs paces each player (the soak).
import fs from 'node:fs';
import { SANDBOX_SEAMLESS } from '../../apps/server/src/modules/gateway/gateway.service';
import { vendorCallbackPath, vendorSignatureHeaders } from '../../apps/server/src/modules/gateway/vendor-signature';

export type LoadInput = {
  baseUrls: string[];
  secret: string;
  players: { playerId: string; sessionToken: string }[];
  durationMs: number;
  graceMs: number;
  out: string;
  runId: string;
  /** Each player's pause between rounds (the soak's modest rate); none in the drill. */
  roundPauseMs?: number;
};

/** One answer (or failure to get one) as the vendor saw it. */
export type AnswerRecord = {
  sentAt: number;
  at: number;
  server: string;
  op: 'bet' | 'win';
  tx: string;
  round: string;
  player: string;
  amount: string;
  status: number;
  code: string | null;
  acknowledged: boolean;
};

const REQUEST_TIMEOUT_MS = 5000;
const MIN_RETRY_PAUSE_MS = 200;

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2]!) as LoadInput;
  const out = fs.openSync(input.out, 'a');
  const started = Date.now();
  const stopRounds = started + input.durationMs;
  const stopRetries = stopRounds + input.graceMs;
  let seq = 0;
  let turn = 0;

  const post = async (
    op: 'bet' | 'win',
    body: Record<string, string | boolean>,
    meta: Pick<AnswerRecord, 'tx' | 'round' | 'player' | 'amount'>,
  ) => {
    for (;;) {
      const server = input.baseUrls[turn++ % input.baseUrls.length]!;
      const raw = JSON.stringify(body);
      const path = vendorCallbackPath(SANDBOX_SEAMLESS, op);
      const sentAt = Date.now();
      let status = 0;
      let code: string | null;
      let retryAfterMs = MIN_RETRY_PAUSE_MS;
      try {
        const res = await fetch(server + path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...vendorSignatureHeaders(input.secret, { method: 'POST', path, rawBody: raw }),
          },
          body: raw,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = res.status;
        const envelope = (await res.json().catch(() => ({}))) as { success?: boolean; errorCode?: string };
        code = envelope.success ? 'OK' : (envelope.errorCode ?? null);
        const after = Number(res.headers.get('retry-after'));
        if (after > 0) retryAfterMs = Math.max(MIN_RETRY_PAUSE_MS, Math.min(after * 1000, 1000));
      } catch (err) {
        code = (err as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'NO_ANSWER';
      }
      const acknowledged = status === 200 && code === 'OK';
      const record: AnswerRecord = { sentAt, at: Date.now(), server, op, ...meta, status, code, acknowledged };
      fs.writeSync(out, `${JSON.stringify(record)}\n`);
      // Any answer with a status below 500 is final (a refusal is an answer too); only failures are retried.
      if (status > 0 && status < 500) return acknowledged;
      if (Date.now() >= stopRetries) return false;
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
    }
  };

  await Promise.all(
    input.players.map(async (p) => {
      while (Date.now() < stopRounds) {
        if (input.roundPauseMs) await new Promise((resolve) => setTimeout(resolve, input.roundPauseMs));
        const n = seq++;
        const round = `r-${input.runId}-${n}`;
        const betTx = `b-${input.runId}-${n}`;
        const stake = String(100 + (n % 7));
        const bet = await post(
          'bet',
          {
            playerId: p.playerId,
            sessionToken: p.sessionToken,
            transactionId: betTx,
            roundId: round,
            gameId: 'SBX-slot-01',
            amountMinor: stake,
          },
          { tx: betTx, round, player: p.playerId, amount: stake },
        );
        if (!bet) continue;
        const winTx = `w-${input.runId}-${n}`;
        const prize = String((n % 3) * 100);
        await post(
          'win',
          {
            playerId: p.playerId,
            transactionId: winTx,
            roundId: round,
            betTransactionId: betTx,
            amountMinor: prize,
            roundClosed: true,
          },
          { tx: winTx, round, player: p.playerId, amount: prize },
        );
      }
    }),
  );
  fs.closeSync(out);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
