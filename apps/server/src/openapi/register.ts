import type { FastifyInstance, HTTPMethods } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../config';
import './components';
import { failureEnvelopeSchema } from './responses';
import { createResponseSerializer } from './serializer';
import { API_TAGS, ENCRYPTED_DESCRIPTION, isEncryptedPath, tagOf } from './tags';

export const OPENAPI_PATH = '/openapi.json';

const VIEWER_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40">' +
  '<text x="0" y="28" font-family="sans-serif" font-size="24" font-weight="700" fill="#ffffff">WPS API</text></svg>';
export const DOCS_PREFIX = '/docs';

/**
 * Routes left out of the document, each because it is not an API call:
 * - `/*`: the player site's SPA fallback (http/serve-web.ts);
 * - `/backoffice/…`: the back office's page and built files (http/serve-backoffice.ts);
 * - the player site's built files (http/serve-web.ts): @fastify/static declares them hidden;
 * - `/docs…`: the viewer's own page, assets and copy of this document (@fastify/swagger-ui).
 */
function isExcluded(url: string): boolean {
  return url === '/*' || url.startsWith('/backoffice/') || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
}

/** A route as registered, with the licence doors its config declares (test/licence-doors.test.ts reads them). */
export type RegisteredRoute = { method: HTTPMethods; url: string; licenceDoors: readonly string[] };
const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Every route added after registerOpenApi, as the router has it (auto-generated HEAD routes
 * included). The completeness test compares it with the document.
 */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

type Operation = {
  tags?: string[];
  description?: string;
  responses?: Record<string, unknown>;
  [extension: `x-${string}`]: unknown;
};
type OpenApiObject = {
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: Record<string, unknown>;
};

/** `{param}` paths of the document back to the declared `:param` form the encryption list uses. */
function declaredPath(openapiPath: string): string {
  return openapiPath.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * Tag, mark and complete every operation in one place, from its path, so a new route is
 * classified without touching it: its tag (tags.ts), `x-encrypted` with a description for sealed
 * bodies, and the shared failure envelope for 4XX and 5XX answers.
 */
function decorateOperations(document: OpenApiObject): OpenApiObject {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const route = declaredPath(path);
    const tag = tagOf(route);
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (tag) operation.tags = [tag];
      if (isEncryptedPath(route)) {
        operation['x-encrypted'] = true;
        operation.description = operation.description
          ? `${operation.description}\n\n${ENCRYPTED_DESCRIPTION}`
          : ENCRYPTED_DESCRIPTION;
      }
      // A route that answers its refusals otherwise (an HTML page) declares its own 4XX.
      operation.responses = {
        '4XX': { $ref: '#/components/responses/Failure' },
        '5XX': { $ref: '#/components/responses/Failure' },
        ...operation.responses,
      };
    }
  }
  const components = (document.components ?? {}) as { responses?: Record<string, unknown> };
  components.responses = {
    ...components.responses,
    Failure: {
      description:
        'A refusal or failure in the failure envelope. The status for each `errorCode` is in packages/shared/src/error-codes.ts.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
    },
  };
  document.components = components;
  return document;
}

/**
 * The OpenAPI 3.1 document, built by @fastify/swagger from the routes' zod schemas, served at
 * /openapi.json with Swagger UI at /docs (its scripts and styles come from our origin, so the
 * site-wide CSP holds). Also sets the response serializer (serializer.ts). Must be registered
 * before the routes: the document is collected as routes are added.
 */
export async function registerOpenApi(app: FastifyInstance, config: Pick<AppConfig, 'nodeEnv'>): Promise<void> {
  app.setSerializerCompiler(createResponseSerializer({ validate: config.nodeEnv !== 'production' }));
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      routes.push({ method, url: route.url, licenceDoors: route.config?.licenceDoors ?? [] });
  });

  const transform = createJsonSchemaTransform({});
  const transformObject = createJsonSchemaTransformObject({});
  // The failure envelope is referenced by every operation, not by any route schema: registering
  // its id here makes the zod transform emit it under components.schemas.
  void failureEnvelopeSchema;

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'WPS online gaming platform API',
        version: '1',
        description:
          'Every answer is an envelope: `{ success: true, value }` (documented per call under 200) or the failure envelope ' +
          '(`components.responses.Failure`). Money crosses the API as strings: `*Minor` fields are integer minor units, the ' +
          'others decimal strings in major units. The narrative (envelope, encryption, life cycles) is in docs/api.md.',
      },
      tags: API_TAGS.map((t) => ({ ...t })),
    },
    transform: (input) => {
      if (isExcluded(input.url)) return { schema: { hide: true }, url: input.url };
      return transform(input);
    },
    transformObject: (input) =>
      decorateOperations(transformObject(input) as OpenApiObject) as ReturnType<typeof transformObject>,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This OpenAPI document',
        response: { 200: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger() as { openapi: '3.1.0'; paths: Record<string, unknown> };
    },
  );

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No validator badge: it would load an image from validator.swagger.io, which the CSP refuses.
    validatorUrl: false,
    uiConfig: { deepLinking: true },
    // Given inline: without it the plugin reads its default logo from disk while it registers, an
    // I/O wait that, on a loaded machine, ran past Fastify's plugin start timeout.
    logo: { type: 'image/svg+xml', content: VIEWER_LOGO },
  });
}
