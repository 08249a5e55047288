/**
 * Rows leave a repository with camelCase names (docs/decisions.md, "Rows are camelCase above the
 * repository"): the columns are snake_case, the code above the repository is not, and the
 * repository is the one place that knows both. `camelRow` renames a row's keys and keeps their
 * types, so a repository that hands up whole rows (`selectAll`, `returningAll`) maps them with
 * one call instead of copying each field; a query that selects a few columns aliases them in the
 * select (`'created_at as createdAt'`) instead.
 */

/** `release_asked_by` → `releaseAskedBy`. */
export type CamelName<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelName<Tail>>}`
  : S;

/** A row with its keys renamed to camelCase, each keeping its type. */
export type CamelRow<T> = { [K in keyof T as K extends string ? CamelName<K> : K]: T[K] };

const camelName = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function camelRow<T extends object>(row: T): CamelRow<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[camelName(key)] = value;
  return out as CamelRow<T>;
}

const snakeName = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The other way, for a camelCase patch a repository writes: `snakeRow<Updateable<…>>(patch)`.
 * The columns' type is named by the caller (it cannot be read back from the camelCase names).
 */
export function snakeRow<T extends object>(row: CamelRow<T>): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[snakeName(key)] = value;
  return out as T;
}
