import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';

describe('the error handler', () => {
  it('answers a lost database 503 SERVER_BUSY with Retry-After, and anything unknown still 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/lost', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    app.get('/shutdown', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    app.get('/bug', async () => {
      throw new Error('something else');
    });
    for (const url of ['/lost', '/shutdown']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({ success: false, errorCode: 'SERVER_BUSY' });
    }
    expect((await app.inject({ url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });
});
