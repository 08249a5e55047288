import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, registerCompression } from './compression';
import { negotiateEncoding } from './content-encoding';

const CASES: [string | undefined, 'br' | 'gzip' | 'identity'][] = [
  [undefined, 'identity'],
  ['', 'identity'],
  ['identity', 'identity'],
  ['deflate, compress', 'identity'],
  ['gzip, deflate, br, zstd', 'br'],
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['GZip', 'gzip'],
  ['x-gzip', 'gzip'],
  // `*` stands for gzip, as the compression plugin reads it.
  ['*', 'gzip'],
  ['identity, *;q=0.5', 'gzip'],
  // The highest q wins; equal q goes by the server's order (br first).
  ['gzip;q=1, br;q=0.5', 'gzip'],
  ['br;q=0.2, gzip;q=0.8', 'gzip'],
  ['gzip;q=0.5, br;q=0.5', 'br'],
  ['gzip ; q=0.9 , br ; q=0.4', 'gzip'],
  // q=0 refuses a coding; an unreadable q counts as 0.
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0', 'identity'],
  ['br;q=0, gzip;q=0', 'identity'],
  ['br;q=abc, gzip;q=0.1', 'gzip'],
  ['identity;q=1, br;q=0.001', 'br'],
];

describe('negotiateEncoding', () => {
  it.each(CASES)('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

// The cached game list negotiates itself; everything else goes through @fastify/compress. Both must
// answer a header alike, or a client would get one coding from one route and another elsewhere.
describe('the compression plugin answers as negotiateEncoding does', () => {
  const app = Fastify({ logger: false });
  const body = { list: 'x'.repeat(COMPRESS_THRESHOLD_BYTES * 2) };

  beforeAll(async () => {
    await registerCompression(app);
    app.get('/big', async () => body);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(CASES)('%j', async (header) => {
    const res = await app.inject({
      method: 'GET',
      url: '/big',
      headers: header === undefined ? {} : { 'accept-encoding': header },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding'] ?? 'identity').toBe(negotiateEncoding(header));
  });
});
