/**
 * A bulk action in the back office: the same per-row call the row's own button makes, for each
 * selected row. There is no bulk endpoint on purpose: each call is one decision that the server
 * checks, locks and audits on its own, so a bulk action cannot do anything that single
 * actions could not.
 */

/** What a bulk action did: the answers of the calls that went through, the rows decided meanwhile, the errors. */
export type BulkOutcome<R> = { done: R[]; skipped: number; errors: unknown[] };

/**
 * Call `call` for each item, one after the other. The calls never run in parallel: a bulk action
 * then loads the server as much as one operator clicking quickly, and the order of the audit
 * entries follows the order of the rows. An error that `isSkipped` accepts (the row was decided
 * meanwhile, by another operator or a job) counts as skipped. Any other error counts as failed,
 * and the next item is still tried.
 *
 * When every call failed (the session ended, the network is down), the first error is thrown.
 * The confirmation dialog then stays open to show it, as it does for a single action.
 */
export async function runOneByOne<T, R>(
  items: readonly T[],
  call: (item: T) => Promise<R>,
  isSkipped: (error: unknown) => boolean,
): Promise<BulkOutcome<R>> {
  const outcome: BulkOutcome<R> = { done: [], skipped: 0, errors: [] };
  for (const item of items) {
    try {
      outcome.done.push(await call(item));
    } catch (error) {
      if (isSkipped(error)) outcome.skipped += 1;
      else outcome.errors.push(error);
    }
  }
  if (outcome.done.length === 0 && outcome.skipped === 0 && outcome.errors.length > 0) throw outcome.errors[0];
  return outcome;
}

/**
 * An outcome's parts as one phrase in the interface language: "3 rejected and 1 already decided".
 * The caller leaves out the parts that are zero.
 */
export function joinOutcome(parts: readonly string[], locale: string): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(parts);
}

/** The sum of some amounts per currency, in the order the currencies first appear (integer minor units, no float). */
export function sumByCurrency<T>(
  items: readonly T[],
  amountOf: (item: T) => { minor: string; currency: string; scale: number },
): { minor: bigint; currency: string; scale: number }[] {
  const sums = new Map<string, { minor: bigint; currency: string; scale: number }>();
  for (const item of items) {
    const { minor, currency, scale } = amountOf(item);
    const key = `${currency}|${scale}`;
    const sum = sums.get(key) ?? { minor: 0n, currency, scale };
    sum.minor += BigInt(minor);
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/**
 * The total of the selected rows, for the confirmation dialog: one sum per currency, each in
 * `format` (the interface's money format), joined by " + ".
 */
export function formatTotal<T>(
  items: readonly T[],
  amountOf: (item: T) => { minor: string; currency: string; scale: number },
  format: (minor: bigint, money: { currency: string; scale: number }) => string,
): string {
  return sumByCurrency(items, amountOf)
    .map(({ minor, ...money }) => format(minor, money))
    .join(' + ');
}
