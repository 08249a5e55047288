/**
 * Other spellings of a path, for tests of the access gate: a fixed table (`spellings`) and random
 * respelling steps for property tests (`pathEdit`, `applyEdit`). Send them with raw-http.ts, as
 * `app.inject` would resolve dot segments first.
 */
import fc from 'fast-check';

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

/** One respelling step of a path: the router may or may not resolve it to the same route. */
export type PathEdit =
  | { kind: 'encode'; at: number; upper: boolean }
  | { kind: 'case'; at: number }
  | { kind: 'segment'; at: number; insert: string }
  | { kind: 'suffix'; text: string }
  | { kind: 'slash'; at: number; as: string };

export const pathEdit: fc.Arbitrary<PathEdit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('encode' as const), at: fc.nat(), upper: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('case' as const), at: fc.nat() }) },
  fc.record({
    kind: fc.constant('segment' as const),
    at: fc.nat(),
    insert: fc.constantFrom('.', '..', 'x/..', '%2e', '%2E%2e', '', ';a=1', '%2e%2e/wps'),
  }),
  fc.record({
    kind: fc.constant('suffix' as const),
    text: fc.constantFrom('/', '//', ';', ';jsessionid=1', '%20', '/.', '/..', '%2F'),
  }),
  fc.record({
    kind: fc.constant('slash' as const),
    at: fc.nat(),
    as: fc.constantFrom('%2F', '%2f', '//', '\\', '/./'),
  }),
);

export function applyEdit(path: string, edit: PathEdit): string {
  const pick = (indexes: number[], at: number) => (indexes.length ? indexes[at % indexes.length] : undefined);
  switch (edit.kind) {
    case 'encode': {
      // Any character but a slash, already-encoded ones included (double encoding).
      const i = pick(
        [...path].flatMap((c, idx) => (c === '/' ? [] : [idx])),
        edit.at,
      );
      if (i === undefined) return path;
      const hex = path.charCodeAt(i).toString(16).padStart(2, '0');
      return `${path.slice(0, i)}%${edit.upper ? hex.toUpperCase() : hex}${path.slice(i + 1)}`;
    }
    case 'case': {
      const i = pick(
        [...path].flatMap((c, idx) => (/[a-z]/i.test(c) ? [idx] : [])),
        edit.at,
      );
      if (i === undefined) return path;
      const c = path.charAt(i);
      return `${path.slice(0, i)}${c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()}${path.slice(i + 1)}`;
    }
    case 'segment': {
      const i =
        pick(
          [...path].flatMap((c, idx) => (c === '/' ? [idx] : [])),
          edit.at,
        ) ?? 0;
      return `${path.slice(0, i)}/${edit.insert}${path.slice(i)}`;
    }
    case 'suffix':
      return `${path}${edit.text}`;
    case 'slash': {
      // Never the leading slash: a request target must start with one.
      const i = pick(
        [...path].flatMap((c, idx) => (c === '/' && idx > 0 ? [idx] : [])),
        edit.at,
      );
      if (i === undefined) return path;
      return `${path.slice(0, i)}${edit.as}${path.slice(i + 1)}`;
    }
  }
}
