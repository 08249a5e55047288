import { z } from 'zod';
import { playerIdParamsSchema } from '@wps/shared/schemas/players';
import {
  accountClosureListSchema,
  closeAccountBodySchema,
  closeAccountResultSchema,
} from '@wps/shared/schemas/privacy';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';

/** The player's rights over their data (docs/compliance.md, "Player rights"). */
export function registerPrivacyRoutes(app: RouteApp, services: AppServices): void {
  const { privacy, players } = services;

  // The site saves the value as a file (my-data-<day>.json); it is never cached.
  app.get(
    '/wps/member/data-export',
    { schema: { response: success(z.record(z.string(), z.unknown())) } },
    async (request, reply) => {
      const member = await requireMember(request);
      reply.header('cache-control', 'no-store');
      return ok(await privacy.exportData(member.memberId));
    },
  );

  app.post(
    '/wps/member/close',
    { schema: { body: closeAccountBodySchema, response: success(closeAccountResultSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await privacy.closeAccount(member.memberId, request.body.password));
    },
  );

  // The back office's player page: each closing and its balance's payout (the withdrawal to open, or the held balance's deadline).
  app.get(
    '/ops/players/:memberId/closures',
    {
      config: { permission: 'players.read' },
      schema: { params: playerIdParamsSchema, response: success(accountClosureListSchema) },
    },
    async (request) => {
      await players.requirePlayer(request.params.memberId);
      return ok({ list: await privacy.closuresOf(request.params.memberId) });
    },
  );
}
