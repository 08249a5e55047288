import type { AppContext } from '../../app-context';
import { createCaptchaService } from './captcha.service';
import { createNotifier } from './notifier';
import { createOtpService } from './otp.service';
import { createRateLimiter } from './rate-limiter';

/** Proving who is there: the shared rate limiter, the notifier (e-mail, SMS), captchas and one-time codes. */
export function wireVerification(ctx: AppContext) {
  const rateLimiter = createRateLimiter(ctx);
  const notifier = createNotifier(ctx);
  const captcha = createCaptchaService(ctx);
  const otp = createOtpService({ ...ctx, notifier, rateLimiter });
  return { rateLimiter, notifier, captcha, otp };
}

export type VerificationModule = ReturnType<typeof wireVerification>;
