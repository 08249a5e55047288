import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppServices } from './services';

// The app's types, apart from app.ts: routes register on a RouteApp, and app.ts imports every
// route file, so a route that imported its types from app.ts would import the file that imports it.

/** The built app: Fastify with the services every route uses. */
export type App = FastifyInstance & { services: AppServices };

/** The instance routes are registered on: Zod-typed (what `app.withTypeProvider<ZodTypeProvider>()` returns). */
export type RouteApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
