import type { QueueCounts } from '@wps/shared/schemas/reporting';
import { call, valueOf } from '../../../test/api-client';
import type { TestApp } from '../../../test/test-app';

/**
 * How many the back office's sidebar shows waiting in one queue (GET /ops/queues/summary), for the
 * modules' own tests: a queue's badge must count what its page lists.
 */
export async function waitingIn(t: TestApp, token: string, queue: keyof QueueCounts): Promise<number> {
  return valueOf<QueueCounts>(await call(t.app, 'GET', '/ops/queues/summary', { token }))[queue];
}
