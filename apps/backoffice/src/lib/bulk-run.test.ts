import { describe, expect, it } from 'vitest';
import { formatTotal, joinOutcome, runOneByOne, sumByCurrency } from './bulk-run';

class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
const isDecided = (error: unknown) => error instanceof CodedError && error.code === 'DECIDED';

describe('runOneByOne', () => {
  it('calls one item at a time, in order, and counts what went through, was decided meanwhile, or failed', async () => {
    const calls: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const outcome = await runOneByOne(
      ['a', 'b', 'c', 'd'],
      async (id) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        calls.push(id);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
        if (id === 'b') throw new CodedError('DECIDED');
        if (id === 'c') throw new CodedError('FORBIDDEN');
        return `${id}!`;
      },
      isDecided,
    );
    expect(calls).toEqual(['a', 'b', 'c', 'd']);
    expect(mostAtOnce).toBe(1);
    expect(outcome.done).toEqual(['a!', 'd!']);
    expect(outcome.skipped).toBe(1);
    expect(outcome.errors).toEqual([new CodedError('FORBIDDEN')]);
  });

  it('is a success when every row was decided meanwhile: there is nothing left to do', async () => {
    const outcome = await runOneByOne(['a', 'b'], () => Promise.reject(new CodedError('DECIDED')), isDecided);
    expect(outcome).toEqual({ done: [], skipped: 2, errors: [] });
  });

  it('throws the first error when every call failed, so the dialog stays open and shows it', async () => {
    const run = runOneByOne(['a', 'b'], (id) => Promise.reject(new CodedError(`DOWN-${id}`)), isDecided);
    await expect(run).rejects.toEqual(new CodedError('DOWN-a'));
  });

  it('does nothing for no items', async () => {
    expect(await runOneByOne([], () => Promise.resolve(1), isDecided)).toEqual({ done: [], skipped: 0, errors: [] });
  });
});

describe('joinOutcome', () => {
  it('joins the parts as a list in the interface language', () => {
    expect(joinOutcome(['3 rejected', '1 already decided'], 'en')).toBe('3 rejected and 1 already decided');
    expect(joinOutcome(['3 recusados', '1 já decidido', '1 falhou'], 'pt-BR')).toBe(
      '3 recusados, 1 já decidido e 1 falhou',
    );
    expect(joinOutcome(['2 rejected'], 'en')).toBe('2 rejected');
  });
});

describe('sumByCurrency', () => {
  it('adds exact minor units per currency and scale', () => {
    const rows = [
      { amountMinor: '7500', currency: 'BRL' },
      { amountMinor: '4050', currency: 'BRL' },
      { amountMinor: '900719925474099300', currency: 'USD' },
      { amountMinor: '1', currency: 'USD' },
    ];
    expect(sumByCurrency(rows, (r) => ({ minor: r.amountMinor, currency: r.currency, scale: 2 }))).toEqual([
      { minor: 11550n, currency: 'BRL', scale: 2 },
      { minor: 900719925474099301n, currency: 'USD', scale: 2 },
    ]);
    expect(sumByCurrency([], () => ({ minor: '0', currency: 'BRL', scale: 2 }))).toEqual([]);
  });
});

describe('formatTotal', () => {
  it('formats one sum per currency, joined by " + "', () => {
    const amount = (r: { minor: string; currency: string }) => ({ ...r, scale: 2 });
    const format = (minor: bigint, money: { currency: string; scale: number }) =>
      `${money.currency} ${minor}/${money.scale}`;
    expect(
      formatTotal(
        [
          { minor: '3100', currency: 'BRL' },
          { minor: '4250', currency: 'BRL' },
        ],
        amount,
        format,
      ),
    ).toBe('BRL 7350/2');
    expect(
      formatTotal(
        [
          { minor: '100', currency: 'BRL' },
          { minor: '250', currency: 'USD' },
        ],
        amount,
        format,
      ),
    ).toBe('BRL 100/2 + USD 250/2');
  });
});
