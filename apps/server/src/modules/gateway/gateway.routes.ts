import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  launchGameBodySchema,
  merchantWalletBodySchema,
  vendorAuthenticateBodySchema,
  vendorBalanceBodySchema,
  vendorBetBodySchema,
  vendorEndRoundBodySchema,
  vendorRollbackBodySchema,
  vendorWinBodySchema,
  walletTransferBodySchema,
} from '@wps/shared/schemas/gateway';
import type { RouteApp } from '../../app';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyVendorSignature } from './vendor-signature';

/** Every seamless-wallet callback lives under this prefix (docs/vendor-api.md). */
export const VENDOR_CALLBACK_PREFIX = '/vendor/';

const vendorParamsSchema = z.object({ vassalage: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) });

/** Launch, transfer wallet, and the signed seamless-wallet callbacks. */
export async function registerGatewayRoutes(app: RouteApp, services: AppServices): Promise<void> {
  const { gateway } = services;
  await gateway.start();

  app.post('/wps/game/launchGame', { schema: { body: launchGameBodySchema } }, async (request) => {
    // Trial accounts may launch in-house games only; the service decides per vendor.
    const member = await requireMember(request, { allowTrial: true });
    const language = typeof request.headers.language === 'string' ? request.headers.language : 'pt';
    return ok(await gateway.launchGame(member, request.body, language));
  });

  app.post('/wps/relay/GCS_walletTransfer', { schema: { body: walletTransferBodySchema } }, async (request) => {
    const member = await requireMember(request);
    return ok(await gateway.transfers.walletTransfer(member.memberId, request.body));
  });

  app.post('/wps/relay/GCS_merchantWallet', { schema: { body: merchantWalletBodySchema.optional() } }, async (request) => {
    const member = await requireMember(request);
    return ok(await gateway.transfers.merchantWallet(member.memberId, request.body ?? {}));
  });

  registerVendorCallbacks(app, services);
}

/** Parse a signed callback: known vendor, valid HMAC over the raw bytes, then the body schema. */
async function readCallback<S extends z.ZodType>(services: AppServices, request: FastifyRequest, schema: S): Promise<{ vassalage: string; body: z.infer<S> }> {
  const params = vendorParamsSchema.safeParse(request.params);
  const adapter = params.success ? await services.gateway.findAdapter(params.data.vassalage) : undefined;
  if (!params.success || !adapter || adapter.walletModel === 'internal') throw new AppError(ErrorCode.VENDOR_NOT_FOUND, 'Unknown vendor');
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  if (!verifyVendorSignature(adapter.secret, raw, request.headers[TIMESTAMP_HEADER], request.headers[SIGNATURE_HEADER])) {
    throw new AppError(ErrorCode.VENDOR_SIGNATURE_INVALID, 'The request signature is missing, wrong or too old');
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError(ErrorCode.MALFORMED_JSON, 'The body is not valid JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || 'body'))];
    throw new AppError(ErrorCode.VALIDATION_FAILED, `Invalid input: ${fields.join(', ')}`, { fields });
  }
  return { vassalage: adapter.vassalage, body: parsed.data };
}

function registerVendorCallbacks(app: RouteApp, services: AppServices): void {
  const { gateway } = services;
  const { seamless } = gateway;
  // The HMAC is over the exact bytes, so this scope alone reads JSON as a raw buffer.
  void app.register(async (scope: FastifyInstance) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const base = `${VENDOR_CALLBACK_PREFIX}:vassalage`;

    scope.post(`${base}/authenticate`, async (request) => {
      const { vassalage, body } = await readCallback(services, request, vendorAuthenticateBodySchema);
      return ok(await gateway.authenticate(vassalage, body.launchToken));
    });

    scope.post(`${base}/balance`, async (request) => {
      const { vassalage, body } = await readCallback(services, request, vendorBalanceBodySchema);
      const session = await gateway.requireVendorSession(vassalage, body.sessionToken, body.playerId);
      return ok(await seamless.balance(session.memberId));
    });

    scope.post(`${base}/bet`, async (request) => {
      const { vassalage, body } = await readCallback(services, request, vendorBetBodySchema);
      const session = await gateway.requireVendorSession(vassalage, body.sessionToken, body.playerId);
      const { replayed: _replayed, ...result } = await seamless.bet({
        vassalage,
        memberId: session.memberId,
        transactionId: body.transactionId,
        roundId: body.roundId,
        gameId: body.gameId,
        amountMinor: BigInt(body.amountMinor),
      });
      return ok(result);
    });

    // Wins, rollbacks and end-round may come after the session expired: only the player id is used.
    scope.post(`${base}/win`, async (request) => {
      const { vassalage, body } = await readCallback(services, request, vendorWinBodySchema);
      const { replayed: _replayed, ...result } = await seamless.win({
        vassalage,
        memberId: body.playerId,
        transactionId: body.transactionId,
        roundId: body.roundId,
        ...(body.betTransactionId ? { betTransactionId: body.betTransactionId } : {}),
        amountMinor: BigInt(body.amountMinor),
        roundClosed: body.roundClosed === true,
      });
      return ok(result);
    });

    scope.post(`${base}/rollback`, async (request) => {
      const { vassalage, body } = await readCallback(services, request, vendorRollbackBodySchema);
      const { replayed: _replayed, ...result } = await seamless.rollback({
        vassalage,
        memberId: body.playerId,
        transactionId: body.transactionId,
        roundId: body.roundId,
        betTransactionId: body.betTransactionId,
      });
      return ok(result);
    });

    scope.post(`${base}/end-round`, async (request) => {
      const { vassalage, body } = await readCallback(services, request, vendorEndRoundBodySchema);
      const { replayed: _replayed, ...result } = await seamless.endRound({ vassalage, memberId: body.playerId, roundId: body.roundId });
      return ok(result);
    });
  });
}
