import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TTL_MS } from '@wps/shared/constants';
import type { DatabaseHandle } from '../../db/database';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawCaptchaPng } from './captcha-image';
import { createCaptchaService, hashCaptchaAnswer } from './captcha.service';
import { describeEachDatabase } from '../../../test/test-app';
import { createTestClock, openMigratedDatabase, silentLog } from './verification.test-support';

/** Decode a captcha data URL into its PNG. */
function decodeDataUrl(dataUrl: string) {
  const prefix = 'data:image/png;base64,';
  expect(dataUrl.startsWith(prefix)).toBe(true);
  return PNG.sync.read(Buffer.from(dataUrl.slice(prefix.length), 'base64'));
}

/** Share of pixels clearly darker than the light background: the characters and noise. */
function darkShare(png: PNG): number {
  let dark = 0;
  for (let i = 0; i < png.width * png.height; i++) {
    const lum = (png.data[i * 4]! + png.data[i * 4 + 1]! + png.data[i * 4 + 2]!) / 3;
    if (lum < 140) dark++;
  }
  return dark / (png.width * png.height);
}

describe('captcha image', () => {
  it('has a glyph for every character of the alphabet and avoids look-alikes', () => {
    for (const ambiguous of '0O1IL5S8B2Z') expect(CAPTCHA_ALPHABET).not.toContain(ambiguous);
    for (let i = 0; i < CAPTCHA_ALPHABET.length; i += 5) {
      const png = PNG.sync.read(drawCaptchaPng(CAPTCHA_ALPHABET.slice(i, i + 5)));
      expect([png.width, png.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
      // Ink is present but the picture is mostly background: readable, not a blot.
      const share = darkShare(png);
      expect(share).toBeGreaterThan(0.04);
      expect(share).toBeLessThan(0.4);
    }
  });

  it('draws different pictures for different texts', () => {
    const fixed = () => 0.5;
    const a = drawCaptchaPng('ACDEF', fixed);
    const b = drawCaptchaPng('ACDEG', fixed);
    expect(a.equals(drawCaptchaPng('ACDEF', fixed))).toBe(true);
    expect(a.equals(b)).toBe(false);
  });
});

describeEachDatabase('captcha service', (target) => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  const clock = createTestClock();
  let captcha: ReturnType<typeof createCaptchaService>;

  /** Replace the stored answer of a key with a known one: the test cannot read the image. */
  async function plant(captchaKey: string, answer: string) {
    await database.db
      .updateTable('captcha_challenges')
      .set({ answer_hash: hashCaptchaAnswer(captchaKey, answer) })
      .where('captcha_key', '=', captchaKey)
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    ({ database, close } = await openMigratedDatabase(target));
    captcha = createCaptchaService({ db: database.db, log: silentLog, now: clock.now });
  });
  afterAll(async () => close());

  it('issues a PNG data URL and stores only a hash of the answer', async () => {
    const png = decodeDataUrl(await captcha.issue('key-issue-1'));
    expect([png.width, png.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    const rows = await database.db
      .selectFrom('captcha_challenges')
      .selectAll()
      .where('captcha_key', '=', 'key-issue-1')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(rows[0]!.expires_at).getTime() - clock.now()).toBe(CAPTCHA_TTL_MS);
  });

  it('accepts the right answer case-insensitively, once', async () => {
    await captcha.issue('key-once-1');
    await plant('key-once-1', 'AC3DE');
    expect(await captcha.verify('key-once-1', ' ac3de ')).toBe(true);
    expect(await captcha.verify('key-once-1', 'AC3DE')).toBe(false);
  });

  it('consumes the captcha on a wrong answer too', async () => {
    await captcha.issue('key-wrong-1');
    await plant('key-wrong-1', 'HJKMN');
    expect(await captcha.verify('key-wrong-1', 'HJKMX')).toBe(false);
    expect(await captcha.verify('key-wrong-1', 'HJKMN')).toBe(false);
  });

  it('expires after two minutes', async () => {
    await captcha.issue('key-exp-1');
    await plant('key-exp-1', 'PQRTU');
    await captcha.issue('key-exp-2');
    await plant('key-exp-2', 'PQRTU');
    clock.advance(CAPTCHA_TTL_MS - 1000);
    expect(await captcha.verify('key-exp-1', 'PQRTU')).toBe(true);
    clock.advance(1000);
    expect(await captcha.verify('key-exp-2', 'PQRTU')).toBe(false);
  });

  it('replaces the challenge when the same key is issued again, and binds the answer to its key', async () => {
    await captcha.issue('key-re-1');
    await plant('key-re-1', 'VWXY4');
    await captcha.issue('key-re-1');
    expect(await captcha.verify('key-re-1', 'VWXY4')).toBe(false);
    expect(
      await database.db
        .selectFrom('captcha_challenges')
        .select('captcha_key')
        .where('captcha_key', '=', 'key-re-1')
        .execute(),
    ).toEqual([]);

    // A hash planted under another key does not verify.
    await captcha.issue('key-bind-1');
    await database.db
      .updateTable('captcha_challenges')
      .set({ answer_hash: hashCaptchaAnswer('key-other', 'VWXY4') })
      .where('captcha_key', '=', 'key-bind-1')
      .execute();
    expect(await captcha.verify('key-bind-1', 'VWXY4')).toBe(false);
  });

  it('answers false for unknown keys', async () => {
    expect(await captcha.verify('never-issued', 'AAAAA')).toBe(false);
    // Keys that no route would accept never reach the database (a NUL would make PostgreSQL fail).
    expect(await captcha.verify('bad\u0000key-123', 'AAAAA')).toBe(false);
    expect(await captcha.verify('', 'AAAAA')).toBe(false);
    await expect(captcha.issue('short')).rejects.toMatchObject({ errorCode: 'VALIDATION_FAILED' });
  });

  it('lets exactly one of parallel verifies of one captcha succeed', async () => {
    await captcha.issue('key-par-1');
    await plant('key-par-1', '34679');
    const results = await Promise.all(Array.from({ length: 8 }, () => captcha.verify('key-par-1', '34679')));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
