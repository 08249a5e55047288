import crypto from 'node:crypto';
import { CAPTCHA_TTL_MS } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';
import { CAPTCHA_ALPHABET, drawCaptchaDataUrl } from './captcha-image';
import type { VerificationContext } from './rate-limiter';
import { pruneCaptchas, takeCaptcha, upsertCaptcha } from './verification.repository';

export const CAPTCHA_LENGTH = 5;

/** Same rule as captchaQuerySchema; other callers may pass unvalidated text. */
const CAPTCHA_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Roughly one issue in this many also deletes a batch of expired challenges. */
const PRUNE_EVERY = 20;

function normaliseAnswer(answer: string): string {
  return answer.trim().toUpperCase();
}

/**
 * Hash of an answer as stored. The key is part of it, so one stored hash cannot be replayed under
 * another key. Exported for tests, which plant a known answer for a key.
 */
export function hashCaptchaAnswer(captchaKey: string, answer: string): string {
  return crypto
    .createHash('sha256')
    .update(`${captchaKey}\u0000${normaliseAnswer(answer)}`)
    .digest('hex');
}

function pickAnswer(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[crypto.randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

/** Server-drawn image captchas: single use, CAPTCHA_TTL_MS lifetime, only the answer's hash stored. */
export function createCaptchaService(ctx: VerificationContext) {
  const { db, log } = ctx;
  const now = ctx.now ?? Date.now;

  return {
    /**
     * Draw a new captcha for the client-chosen key and return it as a PNG data URL.
     * Issuing again under the same key replaces the previous challenge.
     */
    async issue(captchaKey: string): Promise<string> {
      if (!CAPTCHA_KEY_PATTERN.test(captchaKey)) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid captcha key', {
          fields: [{ field: 'captchaKey', message: 'invalid' }],
        });
      }
      const answer = pickAnswer();
      const createdAt = new Date(now());
      await upsertCaptcha(db, {
        captchaKey,
        answerHash: hashCaptchaAnswer(captchaKey, answer),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + CAPTCHA_TTL_MS),
      });
      if (crypto.randomInt(PRUNE_EVERY) === 0) {
        pruneCaptchas(db, createdAt).catch((err: unknown) => log.warn({ err }, 'captcha prune failed'));
      }
      return drawCaptchaDataUrl(answer);
    },

    /**
     * Check an answer, case-insensitively. The challenge is deleted by this call whatever the
     * outcome, so each captcha gets exactly one try; expired or unknown keys are false.
     */
    async verify(captchaKey: string, answer: string): Promise<boolean> {
      if (!CAPTCHA_KEY_PATTERN.test(captchaKey)) return false;
      const challenge = await takeCaptcha(db, captchaKey);
      if (!challenge) return false;
      if (challenge.expiresAt.getTime() <= now()) return false;
      const given = Buffer.from(hashCaptchaAnswer(captchaKey, answer), 'hex');
      const expected = Buffer.from(challenge.answerHash, 'hex');
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
