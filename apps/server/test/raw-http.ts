/**
 * Raw HTTP for tests about paths: Node's client sends the request target exactly as given, where
 * `app.inject` would first resolve dot segments and backslashes with WHATWG URL rules.
 */
import http from 'node:http';

export type Answer = { status: number; errorCode: string | undefined; body: string };

/** Send one request with the path exactly as given (Node's client does not normalise it). */
export function rawRequest(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
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

/** Percent-encode the character at `index` of `path` (hex digits in the given case). */
function encodeAt(path: string, index: number, upper = false): string {
  const hex = path.charCodeAt(index).toString(16).padStart(2, '0');
  return `${path.slice(0, index)}%${upper ? hex.toUpperCase() : hex}${path.slice(index + 1)}`;
}

/** Every way of writing `path` the table covers: encodings, doubled and dot segments, case, `;`, slashes. */
export function spellings(path: string): string[] {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const second = rest[0] ?? '';
  const out = [
    path,
    encodeAt(path, 1), // /%77ps/...
    encodeAt(path, 1, true), // /%77ps with upper-case hex: /%6Cgw/...
    encodeAt(path, first.length), // /wp%73/...
    encodeAt(path, first.length + 3), // a letter of the next segment
    `/%25${path.charCodeAt(1).toString(16)}${path.slice(2)}`, // double encoding: /%2577ps/...
    `/${path}`, // //wps/...
    `/${first}//${tail}`, // /wps//captcha
    `/./${path.slice(1)}`,
    `/${first}/./${tail}`,
    `/../${path.slice(1)}`,
    `/x/../${path.slice(1)}`,
    `/${first}/x/../${tail}`,
    `/${first}/%2e/${tail}`,
    `/${first}/%2E%2E/${first}/${tail}`,
    `${path}/`, // trailing slash
    `${path}//`,
    path.toUpperCase(),
    `/${first.toUpperCase()}/${tail}`,
    `/${first[0]?.toUpperCase() ?? ''}${first.slice(1)}/${tail}`,
    `/${first};x=1/${tail}`,
    `${path};jsessionid=1`,
    `/${first}/${second};a/${rest.slice(1).join('/')}`.replace(/\/$/, ''),
    `/${first}%2F${tail}`, // encoded slash
    `/${first}%2f${tail}`,
    `%2F${path.slice(1)}`.replace(/^/, '/'),
    `/${first}\\${tail}`,
    `${path}%00`,
    `${path}%20`,
    `/${first}%09/${tail}`,
    `${path}?x=1#frag`,
    `${path}#frag`,
  ];
  return [...new Set(out)];
}
