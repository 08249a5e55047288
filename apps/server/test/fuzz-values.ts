import fc from 'fast-check';

/**
 * Any value a field could be given instead of what the schema wants: the fuzz tests' common
 * generator. It includes NUL characters, which the database refuses to store in text.
 */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.integer({ min: 129, max: 5_000 }).map((n) => 'a'.repeat(n)),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '+55',
    '1e309',
    'NaN',
    'true',
    '{secret}',
    '__proto__',
    '<script>',
    "' OR 1=1 --",
    '99999999999999999999',
    '2026-02-30',
    '\u0000',
    'a\u0000b',
  ),
);
