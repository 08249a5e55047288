/**
 * Raw HTTP for tests about paths: Node's client sends the request target exactly as given, where
 * `app.inject` would first resolve dot segments and backslashes with WHATWG URL rules.
 */
import http from 'node:http';

export type Answer = { status: number; errorCode: string | undefined; body: string };

/** Send one request with the path exactly as given (Node's client does not normalise it). */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let errorCode: string | undefined;
        try {
          errorCode = (JSON.parse(body) as { errorCode?: string }).errorCode;
        } catch {
          errorCode = undefined;
        }
        resolve({ status: res.statusCode ?? 0, errorCode, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
