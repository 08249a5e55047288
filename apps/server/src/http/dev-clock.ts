import { devClockBodySchema, devClockSchema } from '@wps/shared/schemas/system';
import type { RouteApp } from '../app-types';
import { success } from '../openapi/responses';
import { ok } from './envelope';

/**
 * The test clock door (TEST_CLOCK_DOOR=1): the calendar clock (what "today" and a period are for
 * the rebate, missions, the withdrawal day and agents' settlement periods) runs ahead of the real one by an offset a browser
 * test sets, so a test can see a day end without waiting for it. Only the calendar moves: sessions,
 * tokens, the ledger's times and the event stream keep the real clock. Never in production:
 * productionRefusals stops such a start, and buildApp registers the door only outside production.
 */
export type DevClock = { now: () => number; offsetMs: () => number; setOffset: (offsetMs: number) => void };

export function createDevClock(base: () => number = Date.now): DevClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    offsetMs: () => offset,
    setOffset: (offsetMs) => {
      offset = offsetMs;
    },
  };
}

/** GET /dev/clock and PUT /dev/clock { offsetMs }: read or set how far ahead the calendar clock runs. */
export function registerDevClockRoutes(app: RouteApp, clock: DevClock): void {
  const view = () => ({ offsetMs: clock.offsetMs(), now: new Date(clock.now()).toISOString() });
  app.get('/dev/clock', { schema: { response: success(devClockSchema) } }, async () => ok(view()));
  app.put(
    '/dev/clock',
    { schema: { body: devClockBodySchema, response: success(devClockSchema) } },
    async (request) => {
      clock.setOffset(request.body.offsetMs);
      return ok(view());
    },
  );
}
