import { describe, expect, it } from 'vitest';
import { findUniqueViolation, insertWithUniqueRetry, VALUE_TAKEN } from './unique-violation';

/** A unique violation as node-postgres reports it (PGlite names the index only in the message). */
const violation = (constraint: string, pglite = false) =>
  Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), {
    code: '23505',
    ...(pglite ? {} : { constraint }),
  });

/** Draws 'v1', 'v2', … and remembers them. */
function drawer() {
  const drawn: string[] = [];
  const draw = () => {
    const value = `v${drawn.length + 1}`;
    drawn.push(value);
    return value;
  };
  return { drawn, draw };
}

describe('findUniqueViolation', () => {
  it('names the index from the error, or from the message on PGlite; null for anything else', () => {
    expect(findUniqueViolation(violation('members_account_key'))).toBe('members_account_key');
    expect(findUniqueViolation(violation('members_account_key', true))).toBe('members_account_key');
    expect(findUniqueViolation(Object.assign(new Error('x'), { code: '40001' }))).toBeNull();
    expect(findUniqueViolation(null)).toBeNull();
  });
});

describe('insertWithUniqueRetry', () => {
  const rule = { constraint: 'codes_pkey', attempts: 3 };

  it('writes the first value drawn when it is free', async () => {
    const { drawn, draw } = drawer();
    expect(await insertWithUniqueRetry(draw, async (v) => `row ${v}`, rule)).toBe('row v1');
    expect(drawn).toEqual(['v1']);
  });

  it('draws again when the write throws a violation of the index (its own transaction)', async () => {
    const { drawn, draw } = drawer();
    const taken = new Set(['v1', 'v2']);
    const write = async (v: string) => {
      if (taken.has(v)) throw violation('codes_pkey', v === 'v2');
      return v;
    };
    expect(await insertWithUniqueRetry(draw, write, rule)).toBe('v3');
    expect(drawn).toEqual(['v1', 'v2', 'v3']);
  });

  it('draws again when the write answers VALUE_TAKEN (ON CONFLICT DO NOTHING in the caller’s transaction)', async () => {
    const { drawn, draw } = drawer();
    expect(await insertWithUniqueRetry(draw, async (v) => (v === 'v1' ? VALUE_TAKEN : v), rule)).toBe('v2');
    expect(drawn).toEqual(['v1', 'v2']);
  });

  it('keeps an undefined answer: only VALUE_TAKEN means taken', async () => {
    expect(await insertWithUniqueRetry(drawer().draw, async () => undefined, rule)).toBeUndefined();
  });

  it('throws the last violation as it came after the last attempt, so the caller answers it', async () => {
    const { drawn, draw } = drawer();
    const last = violation('codes_pkey');
    await expect(insertWithUniqueRetry(draw, async () => Promise.reject(last), rule)).rejects.toBe(last);
    expect(drawn).toHaveLength(3);
    // One attempt: a value the person chose is written once, a violation answered at once.
    await expect(
      insertWithUniqueRetry(
        () => 'chosen',
        async () => Promise.reject(last),
        { ...rule, attempts: 1 },
      ),
    ).rejects.toBe(last);
  });

  it('ends in an Error after the last VALUE_TAKEN', async () => {
    const { drawn, draw } = drawer();
    await expect(insertWithUniqueRetry(draw, async () => VALUE_TAKEN, rule)).rejects.toThrow(
      'no free value for codes_pkey in 3 draws',
    );
    expect(drawn).toHaveLength(3);
  });

  it('throws any other error at once, a violation of another index too', async () => {
    for (const err of [violation('members_mobile_key'), Object.assign(new Error('lost'), { code: '40001' })]) {
      const { drawn, draw } = drawer();
      await expect(insertWithUniqueRetry(draw, async () => Promise.reject(err), rule)).rejects.toBe(err);
      expect(drawn).toEqual(['v1']);
    }
  });
});
