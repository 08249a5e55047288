import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  launchGameBodySchema,
  launchGameResultSchema,
  merchantWalletBodySchema,
  merchantWalletResultSchema,
  vendorAuthenticateBodySchema,
  vendorAuthenticateResultSchema,
  vendorBalanceBodySchema,
  vendorBetBodySchema,
  vendorEndRoundBodySchema,
  vendorRollbackBodySchema,
  vendorWalletResultSchema,
  vendorWinBodySchema,
  walletTransferBodySchema,
  walletTransferResultSchema,
} from '@wps/shared/schemas/gateway';
import { roomListRequestSchema, roomListSchema } from '@wps/shared/schemas/pvp';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import type { SeamlessResult } from './seamless.types';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, vendorCallbackPath, verifyVendorSignature } from './vendor-signature';

/** Every seamless-wallet callback lives under this prefix (docs/vendor-api.md). */
export const VENDOR_CALLBACK_PREFIX = '/vendor/';

const vendorParamsSchema = z.object({ vassalage: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) });

/** Launch, transfer wallet, and the signed seamless-wallet callbacks. */
export async function registerGatewayRoutes(app: RouteApp, services: AppServices): Promise<void> {
  const { gateway } = services;
  await gateway.start();

  app.post(
    '/wps/game/launchGame',
    { schema: { body: launchGameBodySchema, response: success(launchGameResultSchema) } },
    async (request) => {
      // Trial accounts may launch in-house games only; the service decides per vendor.
      const member = await requireMember(request, { allowTrial: true });
      const language = typeof request.headers.language === 'string' ? request.headers.language : 'pt';
      return ok(await gateway.launchGame(member, request.body, language));
    },
  );

  app.post(
    '/wps/relay/GLS2_roomList',
    { schema: { body: roomListRequestSchema.optional(), response: success(roomListSchema) } },
    async (request) => {
      await requireMember(request);
      return ok(await gateway.rooms.list(request.body ?? {}));
    },
  );

  app.post(
    '/wps/relay/GCS_walletTransfer',
    {
      // Money sent to a P2P vendor's wallet is a stake on its tables (licence-products.ts).
      config: { licenceDoors: ['stake'] },
      schema: { body: walletTransferBodySchema, response: success(walletTransferResultSchema) },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await gateway.transfers.walletTransfer(member.memberId, request.body));
    },
  );

  app.post(
    '/wps/relay/GCS_merchantWallet',
    { schema: { body: merchantWalletBodySchema.optional(), response: success(merchantWalletResultSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await gateway.transfers.merchantWallet(member.memberId, request.body ?? {}));
    },
  );

  registerVendorCallbacks(app, services);
}

/** The callbacks of docs/vendor-api.md "Seamless-wallet callbacks". Money callbacks move a seamless wallet: transfer vendors may not send them. */
type CallbackName = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback' | 'end-round';
const SEAMLESS_ONLY: ReadonlySet<CallbackName> = new Set(['balance', 'bet', 'win', 'rollback', 'end-round']);

/**
 * Parse a signed callback: known vendor, valid HMAC over the timestamp, method, path and raw
 * bytes, a wallet model that may send this callback, then the body schema. The signed path is
 * rebuilt from the matched route and its decoded params (never request.url), so every spelling
 * of a URL that reaches this route signs the same way and a body signed for one callback or
 * vendor never verifies on another.
 */
async function readCallback<S extends z.ZodType>(
  services: AppServices,
  request: FastifyRequest,
  callback: CallbackName,
  schema: S,
): Promise<{ vassalage: string; body: z.infer<S> }> {
  const params = vendorParamsSchema.safeParse(request.params);
  const adapter = params.success ? await services.gateway.findAdapter(params.data.vassalage) : undefined;
  if (!params.success || !adapter || adapter.walletModel === 'internal')
    throw new AppError(ErrorCode.VENDOR_NOT_FOUND, 'Unknown vendor');
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const signed = { method: request.method, path: vendorCallbackPath(adapter.vassalage, callback), rawBody: raw };
  if (
    !verifyVendorSignature(adapter.secret, signed, request.headers[TIMESTAMP_HEADER], request.headers[SIGNATURE_HEADER])
  ) {
    throw new AppError(ErrorCode.VENDOR_SIGNATURE_INVALID, 'The request signature is missing, wrong or too old');
  }
  // A transfer vendor keeps the player's money itself: it has no business moving our wallet.
  if (SEAMLESS_ONLY.has(callback) && adapter.walletModel !== 'seamless') {
    throw new AppError(
      ErrorCode.VENDOR_NOT_SEAMLESS,
      'This vendor uses the transfer wallet: seamless-wallet callbacks are refused',
    );
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
    // Each route and the callback name it signs come from one place, so they cannot drift apart.
    // A bet is a stake: on a product a licence may forbid it asks the stake door (licence-products.ts).
    const on = <S extends z.ZodType>(
      callback: CallbackName,
      schema: S,
      handle: (vassalage: string, body: z.infer<S>) => Promise<unknown>,
    ) =>
      scope.post(
        `${VENDOR_CALLBACK_PREFIX}:vassalage/${callback}`,
        {
          config: { licenceDoors: callback === 'bet' ? (['stake'] as const) : [] },
          schema: {
            response: success(callback === 'authenticate' ? vendorAuthenticateResultSchema : vendorWalletResultSchema),
          },
        },
        async (request) => {
          const { vassalage, body } = await readCallback(services, request, callback, schema);
          return ok(await handle(vassalage, body));
        },
      );
    const withoutReplayFlag = ({ replayed: _replayed, ...result }: SeamlessResult) => result;
    // A callback's `amountMinor` is read with BigInt, not http/amount.ts: its schema lets only
    // digits through, and a bet of zero is the vendor protocol's AMOUNT_INVALID (docs/vendor-api.md,
    // stored as the bet's answer), which the seamless wallet decides; VALIDATION_FAILED is left to
    // a malformed field.

    on('authenticate', vendorAuthenticateBodySchema, (vassalage, body) =>
      gateway.authenticate(vassalage, body.launchToken),
    );

    on('balance', vendorBalanceBodySchema, async (vassalage, body) => {
      const session = await gateway.requireVendorSession(vassalage, body.sessionToken, body.playerId);
      return seamless.balance(session.memberId);
    });

    on('bet', vendorBetBodySchema, async (vassalage, body) => {
      const session = await gateway.requireVendorSession(vassalage, body.sessionToken, body.playerId);
      return withoutReplayFlag(
        await seamless.bet({
          vassalage,
          memberId: session.memberId,
          transactionId: body.transactionId,
          roundId: body.roundId,
          gameId: body.gameId,
          amountMinor: BigInt(body.amountMinor),
        }),
      );
    });

    // Wins, rollbacks and end-round may come after the session expired: only the player id is used.
    on('win', vendorWinBodySchema, async (vassalage, body) =>
      withoutReplayFlag(
        await seamless.win({
          vassalage,
          memberId: body.playerId,
          transactionId: body.transactionId,
          roundId: body.roundId,
          ...(body.betTransactionId ? { betTransactionId: body.betTransactionId } : {}),
          amountMinor: BigInt(body.amountMinor),
          roundClosed: body.roundClosed === true,
        }),
      ),
    );

    on('rollback', vendorRollbackBodySchema, async (vassalage, body) =>
      withoutReplayFlag(
        await seamless.rollback({
          vassalage,
          memberId: body.playerId,
          transactionId: body.transactionId,
          roundId: body.roundId,
          betTransactionId: body.betTransactionId,
        }),
      ),
    );

    on('end-round', vendorEndRoundBodySchema, async (vassalage, body) =>
      withoutReplayFlag(await seamless.endRound({ vassalage, memberId: body.playerId, roundId: body.roundId })),
    );
  });
}
