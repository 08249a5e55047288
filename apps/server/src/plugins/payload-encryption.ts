import type { FastifyInstance } from 'fastify';
import { ENCRYPTED_PATHS } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { encryptedBodySchema } from '@wps/shared/schemas/session';
import { AppError } from '../http/app-error';
import type { AppServices } from '../services';

const ENCRYPTED = new Set<string>(ENCRYPTED_PATHS);

/**
 * Decrypt the bodies of ENCRYPTED_PATHS (docs/api.md). Fastify runs preValidation hooks before
 * the route's schema validation, so the decrypted JSON replaces request.body and then goes
 * through the route's zod schema like any plain body. Plain JSON is refused with
 * ENCRYPTION_REQUIRED; a body that does not decrypt gets DECRYPTION_FAILED (never a 500); a
 * body sent again is PAYLOAD_REPLAYED and one whose sealed time is too old or too new is
 * PAYLOAD_STALE (the key service checks both).
 */
export function registerPayloadEncryption(app: FastifyInstance, services: Pick<AppServices, 'keys'>): void {
  // A callback hook: the calls that are not sealed (nearly all) go on without creating a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    // The declared route path, so query strings and trailing slashes cannot dodge the check.
    const route = request.routeOptions.url;
    if (!route || !ENCRYPTED.has(route)) return done();
    const envelope = encryptedBodySchema.safeParse(request.body);
    if (!envelope.success) {
      return done(
        new AppError(ErrorCode.ENCRYPTION_REQUIRED, 'This call requires an encrypted body (see docs/api.md)'),
      );
    }
    services.keys.decryptBody(envelope.data).then(
      (body) => {
        request.body = body;
        done();
      },
      (err: Error) => done(err),
    );
  });
}
