import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';
import type { AppConfig } from '../../config';
import type { AppContext } from '../../app-context';

export type OutboxChannel = 'sms' | 'email';

/** One line of DATA_DIR/outbox/<channel>.jsonl. */
export type OutboxEntry = { at: string; to: string; text: string; subject?: string };

/** Header carrying the hex HMAC-SHA256 of the exact request body, keyed by the provider secret. */
export const SIGNATURE_HEADER = 'x-wps-signature';
/** Header carrying the signing time (epoch seconds); it is also inside the signed body. */
export const TIMESTAMP_HEADER = 'x-wps-timestamp';

const HTTP_TIMEOUT_MS = 10_000;

type NotifierContext = Pick<AppContext, 'log'> & {
  config: Pick<AppConfig, 'dataDir' | 'sms' | 'email'> & Partial<Pick<AppConfig, 'nodeEnv'>>;
  now?: () => number;
};

type Transport = (message: { to: string; text: string; subject?: string }) => Promise<void>;

/** Path of the outbox file of a channel under the data directory. */
export function getOutboxPath(dataDir: string, channel: OutboxChannel): string {
  return path.join(dataDir, 'outbox', `${channel}.jsonl`);
}

/** Read the outbox of a channel, oldest first; a missing file is an empty outbox. */
export async function readOutbox(dataDir: string, channel: OutboxChannel): Promise<OutboxEntry[]> {
  let raw: string;
  try {
    raw = await fs.promises.readFile(getOutboxPath(dataDir, channel), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const entries: OutboxEntry[] = [];
  for (const line of raw.split('\n')) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line) as OutboxEntry);
    } catch {
      // A torn line (crash mid-append) must not hide the rest of the outbox.
    }
  }
  return entries;
}

/** Sign a body the way the HTTP provider does; receivers recompute this to authenticate us. */
export function signBody(secret: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('hex');
}

function createOutboxTransport(dataDir: string, channel: OutboxChannel, now: () => number): Transport {
  const file = getOutboxPath(dataDir, channel);
  return async (message) => {
    const entry: OutboxEntry = { at: new Date(now()).toISOString(), to: message.to, text: message.text };
    if (message.subject !== undefined) entry.subject = message.subject;
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // One appendFile per message: O_APPEND keeps concurrent lines whole.
    await fs.promises.appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
  };
}

function createHttpTransport(
  settings: { httpUrl: string | undefined; httpSecret: string | undefined },
  channel: OutboxChannel,
  now: () => number,
): Transport {
  const { httpUrl, httpSecret } = settings;
  if (!httpUrl || !httpSecret) {
    throw new Error(
      `${channel.toUpperCase()}_HTTP_URL and ${channel.toUpperCase()}_HTTP_SECRET are required for the http provider`,
    );
  }
  return async (message) => {
    const timestamp = Math.floor(now() / 1000);
    // id and timestamp are signed, so a receiver can reject replays and stale requests.
    const body = JSON.stringify({ id: crypto.randomUUID(), timestamp, channel, ...message });
    const response = await fetch(httpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: `sha256=${signBody(httpSecret, body)}`,
        [TIMESTAMP_HEADER]: String(timestamp),
      },
      body,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`provider answered HTTP ${response.status}`);
  };
}

/**
 * Outgoing SMS and email through the configured provider: `outbox` (JSON lines under
 * DATA_DIR/outbox, the default) or `http` (signed JSON POST). Delivery failures become
 * SMS_SEND_FAILED / EMAIL_SEND_FAILED; message contents are never logged.
 */
export function createNotifier(ctx: NotifierContext) {
  const { config, log } = ctx;
  const now = ctx.now ?? Date.now;
  const sms: Transport =
    config.sms.provider === 'http'
      ? createHttpTransport(config.sms, 'sms', now)
      : createOutboxTransport(config.dataDir, 'sms', now);
  const email: Transport =
    config.email.provider === 'http'
      ? createHttpTransport(config.email, 'email', now)
      : createOutboxTransport(config.dataDir, 'email', now);
  const production = config.nodeEnv === 'production';
  if (production && (config.sms.provider === 'outbox' || config.email.provider === 'outbox')) {
    // Only reachable with ALLOW_OUTBOX_IN_PRODUCTION=1 (server.ts refuses otherwise): nothing is
    // delivered, and the /dev/outbox routes stay unregistered so no code is readable over HTTP.
    log.warn(
      'SMS/e-mail use the outbox provider in production: messages are only written to DATA_DIR/outbox; set SMS_PROVIDER / EMAIL_PROVIDER=http',
    );
  }
  const usesOutbox = (channel: OutboxChannel) =>
    (channel === 'sms' ? config.sms.provider : config.email.provider) === 'outbox';

  return {
    /** Whether a channel writes to the local outbox. */
    usesOutbox(channel: OutboxChannel): boolean {
      return usesOutbox(channel);
    },

    /**
     * Whether the /dev/outbox route of a channel may be registered: only for the outbox provider
     * and never in production, where it would hand every code and reset link to anyone who asks.
     */
    servesDevOutbox(channel: OutboxChannel): boolean {
      return !production && usesOutbox(channel);
    },

    /** Messages of a channel's outbox, oldest first. */
    async readOutbox(channel: OutboxChannel): Promise<OutboxEntry[]> {
      return readOutbox(config.dataDir, channel);
    },

    /** Send a text message to a full number (dialing code + national digits). */
    async sendSms(to: string, text: string): Promise<void> {
      try {
        await sms({ to, text });
      } catch (err) {
        log.error({ err, provider: config.sms.provider }, 'SMS delivery failed');
        throw new AppError(ErrorCode.SMS_SEND_FAILED, 'The SMS could not be sent');
      }
    },

    /** Send a plain-text email. */
    async sendEmail(to: string, subject: string, text: string): Promise<void> {
      try {
        await email({ to, subject, text });
      } catch (err) {
        log.error({ err, provider: config.email.provider }, 'Email delivery failed');
        throw new AppError(ErrorCode.EMAIL_SEND_FAILED, 'The email could not be sent');
      }
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
