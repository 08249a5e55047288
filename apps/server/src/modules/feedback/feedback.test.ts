import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { Feedback, OpsFeedback } from '@wps/shared/schemas/feedback';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer, operatorToken } from '../deposit/deposit.test-support';

// Player feedback through its real path: a multipart form with the question type, the text and
// up to three png or jpg images (checked by their bytes); the author's list with the answer; the
// back office's queue, the images and the one answer (audited). Refusals write nothing.
describeEachDatabase('feedback', (target) => {
  let t: TestApp;
  let player: { token: string; memberId: string };
  let other: { token: string };
  let support: string;
  let marketing: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    player = await newPlayer(t);
    other = await newPlayer(t);
    support = await operatorToken(t, 'support');
    marketing = await operatorToken(t, 'marketing');
  });
  afterAll(async () => {
    await t?.close();
  });

  const png = (): Buffer => {
    const image = new PNG({ width: 40, height: 20 });
    image.data.fill(90);
    return PNG.sync.write(image);
  };
  /** A real JPEG header (JFIF, then a baseline frame of 32×16): enough for its type and size to be read. */
  const jpg = Buffer.from('FFD8FFE000104A46494600010100000100010000FFC00011080010002003012200021101031101FFD9', 'hex');

  /** A multipart body as a browser sends it: text fields, then files. */
  function form(fields: Record<string, string>, files: { contentType: string; data: Buffer }[] = []) {
    const boundary = `----wps${crypto.randomBytes(8).toString('hex')}`;
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields))
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    files.forEach((f, i) =>
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="f${i}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
        ),
        f.data,
        Buffer.from('\r\n'),
      ),
    );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const send = (token: string, fields: Record<string, string>, files: { contentType: string; data: Buffer }[] = []) => {
    const body = form(fields, files);
    return t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { ...body.headers, authorization: token },
      payload: body.payload,
    });
  };
  const count = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('feedback')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sends feedback with images, lists it for its author, and shows the answer given in the back office; audited', async () => {
    const sent = valueOf<Feedback>(
      await send(player.token, { questionType: 'withdrawal', content: 'Meu saque de ontem ainda não chegou.' }, [
        { contentType: 'image/png', data: png() },
        { contentType: 'image/jpeg', data: jpg },
      ]),
    );
    expect(sent).toMatchObject({
      questionType: 'withdrawal',
      content: 'Meu saque de ontem ainda não chegou.',
      imageCount: 2,
      status: 'open',
      reply: null,
    });

    const mine = valueOf<{ list: Feedback[] }>(await call(t.app, 'GET', '/wps/feedback', { token: player.token }));
    expect(mine.list.map((f) => f.id)).toEqual([sent.id]);
    expect(
      valueOf<{ list: Feedback[] }>(await call(t.app, 'GET', '/wps/feedback', { token: other.token })).list,
    ).toEqual([]);

    const own = await t.app.inject({
      method: 'GET',
      url: `/wps/feedback/${sent.id}/images/1`,
      headers: { authorization: player.token },
    });
    expect([own.statusCode, own.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(own.rawPayload.equals(jpg)).toBe(true);
    // Another player cannot read them.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/wps/feedback/${sent.id}/images/0`,
          headers: { authorization: other.token },
        })
      ).statusCode,
    ).toBe(404);

    const queue = valueOf<OpsPage<OpsFeedback>>(
      await call(t.app, 'GET', '/ops/feedback?status=open', { token: support }),
    );
    expect(queue.list.find((f) => f.id === sent.id)).toMatchObject({
      memberId: player.memberId,
      imageCount: 2,
      status: 'open',
    });
    const opsImage = await t.app.inject({
      method: 'GET',
      url: `/ops/feedback/${sent.id}/images/0`,
      headers: { authorization: support },
    });
    expect([opsImage.statusCode, opsImage.headers['content-type']]).toEqual([200, 'image/png']);

    valueOf(
      await call(t.app, 'POST', `/ops/feedback/${sent.id}/reply`, {
        token: support,
        payload: { reply: 'O saque foi pago hoje às 10h; confira o extrato.' },
      }),
    );
    expectFailure(
      await call(t.app, 'POST', `/ops/feedback/${sent.id}/reply`, { token: support, payload: { reply: 'De novo' } }),
      'FEEDBACK_ALREADY_ANSWERED',
      409,
    );
    const [answered] = valueOf<{ list: Feedback[] }>(
      await call(t.app, 'GET', '/wps/feedback', { token: player.token }),
    ).list;
    expect(answered).toMatchObject({ status: 'answered', reply: 'O saque foi pago hoje às 10h; confira o extrato.' });
    expect(answered!.repliedAt).not.toBeNull();
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('subject_type', '=', 'feedback')
      .where('subject_id', '=', sent.id)
      .execute();
    expect(audit).toMatchObject([{ action: 'feedback.reply', after: { status: 'answered' } }]);
  });

  it('refuses bad forms, images that are not png or jpg by their bytes, a fourth image, strangers and roles, writing nothing', async () => {
    const before = await count();
    const fields = { questionType: 'deposit', content: 'Depósito não apareceu no saldo.' };
    expectFailure(
      await send(player.token, { questionType: 'lottery', content: fields.content }),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(await send(player.token, { questionType: 'deposit', content: 'curto' }), 'VALIDATION_FAILED', 400);
    expectFailure(
      await send(player.token, { questionType: 'deposit', content: 'x'.repeat(1001) }),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(
      await send(player.token, fields, [{ contentType: 'image/png', data: Buffer.from('<script>alert(1)</script>') }]),
      'IMAGE_TYPE_INVALID',
      415,
    );
    expectFailure(
      await send(player.token, fields, [
        { contentType: 'image/gif', data: Buffer.from('R0lGODlhAQABAAAAACw=', 'base64') },
      ]),
      'IMAGE_TYPE_INVALID',
      415,
    );
    expectFailure(
      await send(
        player.token,
        fields,
        [png(), png(), png(), png()].map((data) => ({ contentType: 'image/png', data })),
      ),
      'IMAGE_TOO_MANY',
      400,
    );
    expectFailure(
      await send(player.token, fields, [
        { contentType: 'image/png', data: Buffer.concat([png(), Buffer.alloc(5 * 1_048_576)]) },
      ]),
      'IMAGE_TOO_LARGE',
      413,
    );
    expectFailure(
      await call(t.app, 'PUT', '/wps/feedback', { token: player.token, payload: fields }),
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect((await send('Bearer nope', fields)).statusCode).toBe(401);
    expect(await count()).toBe(before);
    expectFailure(await call(t.app, 'GET', '/ops/feedback', { token: marketing }), 'OPERATOR_FORBIDDEN', 403);
    expectFailure(
      await call(t.app, 'POST', '/ops/feedback/999999/reply', { token: support, payload: { reply: 'ok' } }),
      'NOT_FOUND',
      404,
    );
  });

  it('lets a player send five an hour', async () => {
    const sender = await newPlayer(t);
    for (let i = 0; i < 5; i++)
      valueOf(await send(sender.token, { questionType: 'other', content: `Sugestão número ${i + 1} para o site.` }));
    expectFailure(
      await send(sender.token, { questionType: 'other', content: 'Sugestão número 6 para o site.' }),
      'TOO_MANY_REQUESTS',
      429,
    );
  });
});
