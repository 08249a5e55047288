import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { isAppError } from '../../http/app-error';
import type { AppConfig } from '../../config';
import { createNotifier, getOutboxPath, readOutbox, SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from './notifier';
import { silentLog } from './verification.test-support';

type Received = { headers: http.IncomingHttpHeaders; body: string };

function makeConfig(dataDir: string, over: Partial<Pick<AppConfig, 'sms' | 'email'>> = {}) {
  return {
    dataDir,
    sms: { provider: 'outbox' as const, httpUrl: undefined, httpSecret: undefined },
    email: { provider: 'outbox' as const, httpUrl: undefined, httpSecret: undefined },
    ...over,
  };
}

describe('notifier: outbox provider', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-notifier-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('appends one JSON line per message and reads them back in order', async () => {
    const notifier = createNotifier({
      config: makeConfig(dataDir),
      log: silentLog,
      now: () => Date.parse('2030-05-01T10:00:00Z'),
    });
    expect(notifier.usesOutbox('sms')).toBe(true);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => notifier.sendSms(`55119876543${String(i).padStart(2, '0')}`, `msg ${i}`)),
    );
    await notifier.sendEmail('ana@example.com', 'Reset', 'Hello "Ana"\nline two');

    const smsLines = fs.readFileSync(getOutboxPath(dataDir, 'sms'), 'utf8').trim().split('\n');
    expect(smsLines).toHaveLength(20);
    const first = JSON.parse(smsLines[0]!) as Record<string, unknown>;
    expect(Object.keys(first).sort()).toEqual(['at', 'text', 'to']);
    expect(first.at).toBe('2030-05-01T10:00:00.000Z');

    const sms = await readOutbox(dataDir, 'sms');
    expect(new Set(sms.map((e) => e.text)).size).toBe(20);
    expect(await notifier.readOutbox('email')).toEqual([
      { at: '2030-05-01T10:00:00.000Z', to: 'ana@example.com', subject: 'Reset', text: 'Hello "Ana"\nline two' },
    ]);
  });

  it('reads a missing outbox as empty and skips a torn line', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-notifier-'));
    expect(await readOutbox(other, 'sms')).toEqual([]);
    fs.mkdirSync(path.join(other, 'outbox'));
    fs.writeFileSync(getOutboxPath(other, 'sms'), '{"at":"x","to":"1","text":"a"}\n{"at":"x","to":"2","te');
    expect(await readOutbox(other, 'sms')).toEqual([{ at: 'x', to: '1', text: 'a' }]);
    fs.rmSync(other, { recursive: true, force: true });
  });
});

describe('notifier: http provider', () => {
  const received: Received[] = [];
  let status = 200;
  let server: http.Server;
  let url: string;
  const secret = crypto.randomBytes(16).toString('hex');

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = status;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts JSON signed with HMAC-SHA256 of the exact body', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-notifier-'));
    const notifier = createNotifier({
      config: makeConfig(dataDir, {
        sms: { provider: 'http', httpUrl: url, httpSecret: secret },
        email: { provider: 'http', httpUrl: url, httpSecret: secret },
      }),
      log: silentLog,
    });
    expect(notifier.usesOutbox('sms')).toBe(false);
    await notifier.sendSms('5511987654321', 'Seu código: 123456');
    await notifier.sendEmail('ana@example.com', 'Reset', 'text');
    expect(received).toHaveLength(2);

    const [smsReq, emailReq] = received as [Received, Received];
    expect(smsReq.headers['content-type']).toBe('application/json');
    expect(smsReq.headers[SIGNATURE_HEADER]).toBe(`sha256=${signBody(secret, smsReq.body)}`);
    expect(smsReq.headers[SIGNATURE_HEADER]).not.toBe(`sha256=${signBody('wrong-secret', smsReq.body)}`);
    const smsBody = JSON.parse(smsReq.body) as Record<string, unknown>;
    expect(smsBody).toMatchObject({ channel: 'sms', to: '5511987654321', text: 'Seu código: 123456' });
    expect(String(smsBody.timestamp)).toBe(smsReq.headers[TIMESTAMP_HEADER]);
    expect(typeof smsBody.id).toBe('string');
    expect(JSON.parse(emailReq.body)).toMatchObject({
      channel: 'email',
      to: 'ana@example.com',
      subject: 'Reset',
      text: 'text',
    });
    expect(emailReq.headers[SIGNATURE_HEADER]).toBe(`sha256=${signBody(secret, emailReq.body)}`);
    // Nothing went to the local outbox.
    expect(fs.existsSync(getOutboxPath(dataDir, 'sms'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('turns a provider failure into SMS_SEND_FAILED / EMAIL_SEND_FAILED', async () => {
    status = 500;
    const notifier = createNotifier({
      config: makeConfig('/nonexistent', {
        sms: { provider: 'http', httpUrl: url, httpSecret: secret },
        email: { provider: 'http', httpUrl: 'http://127.0.0.1:1/closed', httpSecret: secret },
      }),
      log: silentLog,
    });
    const smsErr = await notifier.sendSms('5511987654321', 'x').catch((e: unknown) => e);
    expect(isAppError(smsErr) && smsErr.errorCode).toBe(ErrorCode.SMS_SEND_FAILED);
    const emailErr = await notifier.sendEmail('a@b.c', 's', 't').catch((e: unknown) => e);
    expect(isAppError(emailErr) && emailErr.errorCode).toBe(ErrorCode.EMAIL_SEND_FAILED);
    status = 200;
  });

  it('refuses to start without a URL and a secret', () => {
    expect(() =>
      createNotifier({
        config: makeConfig('/tmp', { sms: { provider: 'http', httpUrl: url, httpSecret: undefined } }),
        log: silentLog,
      }),
    ).toThrow(/SMS_HTTP_SECRET/);
  });
});
