import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isTrialType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../http/app-error';
import type { SessionMember, SessionService } from '../modules/session/session.service';
import type { AppServices } from '../services';

/** The authenticated member of a request. */
export type AuthMember = SessionMember;

type AuthState = { sessions: SessionService; resolved: Promise<AuthMember | null> | undefined };

declare module 'fastify' {
  // Module augmentation only works through an interface.
  interface FastifyRequest {
    wpsAuth: AuthState | null;
  }
}

/** The bearer token of a request: `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const value = header
    .trim()
    .replace(/^Bearer\s+/i, '')
    .trim();
  return value.length > 0 && value.length <= 128 ? value : null;
}

/** Give every request a lazily resolved session, so routes can call `requireMember(request)`. */
export function registerAuth(app: FastifyInstance, services: AppServices): void {
  app.decorateRequest('wpsAuth', null);
  // A callback hook, not an async one: it awaits nothing, and every promise is paid for on each
  // request (twice over with the request context's async hooks on).
  app.addHook('onRequest', (request, _reply, done) => {
    request.wpsAuth = { sessions: services.session, resolved: undefined };
    done();
  });
}

/**
 * Resolve the request's token to a member or throw: UNAUTHORIZED without a live session,
 * in_need_true_account for trial accounts unless `allowTrial`, PASSWORD_CHANGE_REQUIRED while
 * the password must be changed unless `allowPasswordChange`, IDENTITY_REQUIRED while an account
 * from before the switch to a licence that identifies players has not given its CPF unless
 * `allowIdentityMissing` (the route that takes it, logout).
 */
export async function requireMember(
  request: FastifyRequest,
  opts: { allowTrial?: boolean; allowPasswordChange?: boolean; allowIdentityMissing?: boolean } = {},
): Promise<AuthMember> {
  const state = request.wpsAuth;
  if (!state) throw new Error('registerAuth was not applied to this app');
  const token = readToken(request);
  if (!token) throw new AppError(ErrorCode.UNAUTHORIZED, 'You are not logged in');
  state.resolved ??= state.sessions.resolve(token);
  const member = await state.resolved;
  if (!member) {
    // Say why, so the site can tell the player instead of logging out silently.
    const sessionEnded = await state.sessions.whyEnded(token);
    throw new AppError(
      ErrorCode.UNAUTHORIZED,
      'Your session has expired; please log in again',
      sessionEnded ? { sessionEnded } : undefined,
    );
  }
  if (member.mustChangePassword && !opts.allowPasswordChange) {
    throw new AppError(ErrorCode.PASSWORD_CHANGE_REQUIRED, 'You must change your password first');
  }
  if (member.identityRequired && !opts.allowIdentityMissing) {
    throw new AppError(ErrorCode.IDENTITY_REQUIRED, 'Give your CPF and date of birth first');
  }
  if (isTrialType(member.type) && !opts.allowTrial) {
    throw new AppError(ErrorCode.NEED_TRUE_ACCOUNT, 'This needs a real account');
  }
  return member;
}
