/** One field of an audit entry's state: its value before and after, as text (undefined: absent). */
export type DiffRow = { field: string; before: string | undefined; after: string | undefined; changed: boolean };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Leaves of a JSON value by dotted path; arrays and scalars are leaves (shown as JSON). */
function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  if (value === undefined) return;
  out.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * The before/after of an audit entry field by field, in the order fields first appear (before's,
 * then those only after has); `changed` marks the fields whose value differs, appeared or went.
 * A whole state of null (a creation, a deletion) has no fields.
 */
export function diffStates(before: unknown, after: unknown): DiffRow[] {
  const b = new Map<string, string>();
  const a = new Map<string, string>();
  if (before !== null && before !== undefined) flatten(before, isPlainObject(before) ? '' : 'value', b);
  if (after !== null && after !== undefined) flatten(after, isPlainObject(after) ? '' : 'value', a);
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  return fields.map((field) => {
    const was = b.get(field);
    const is = a.get(field);
    return { field, before: was, after: is, changed: was !== is };
  });
}
