import { describe, expect, it } from 'vitest';
import {
  PATTERN_IDS,
  compileAcceptedPattern,
  countCharacters,
  matchesPattern,
  validateField,
} from './validation-patterns';

/** For every pattern id: strings it must accept and strings it must reject. */
const CASES: Record<number, { accept: string[]; reject: string[] }> = {
  0: { accept: ['anything at all', '!@# 中文', ' '], reject: [] },
  1: { accept: ['abc123', 'Z', 'player01'], reject: ['1abc', 'ab_c', 'ab c', 'ção'] },
  2: { accept: ['中文123', '张三', '2024年'], reject: ['abc', '中文 123', 'テスト'] },
  3: {
    accept: ['a@b.co', 'first.last+tag@mail.example.com.br', 'x_y%z@sub-domain.io'],
    reject: ['plain', 'a@b', 'a@@b.com', 'a..b@c.com', 'a b@c.com', '@c.com', 'a@-b.com'],
  },
  4: { accept: ['abc123', '123', 'ABC'], reject: ['abc_123', 'ab c', 'çao', 'a-b'] },
  5: { accept: ['abc123', '1a', 'Password9'], reject: ['abcdef', '123456', 'abc 123', 'abc123!'] },
  6: { accept: ['0', '11987654321'], reject: ['12a', '+5511', '12 34', '١٢٣'] },
  7: { accept: ['Abc123', 'ABC', 'aB1'], reject: ['abc123', 'Abc_123', '123', 'Ab c'] },
  8: { accept: ['John Smith', 'abc', ' Ann '], reject: ['John3', 'José', '   ', 'a-b'] },
  9: { accept: ['abc!@#', '中文', 'a-b_c'], reject: ['a b', 'tab\there', ' lead', 'nl\nx'] },
  10: { accept: ['欧阳·娜娜', '张三', '你好，世界！'], reject: ['张三1', 'abc', '·。', '张 三'] },
  11: {
    accept: ['2000-01-31', '2024-02-29', '1999-12-01'],
    reject: ['2023-02-29', '2000-13-01', '01-31-2000', '2000-1-31'],
  },
  12: { accept: ['Maria José', 'Nguyễn Văn', 'Иван'], reject: ['Maria1', 'a_b', '   ', 'x@y'] },
  13: {
    accept: ['01-31-2000', '02-29-2024', '12-01-1999'],
    reject: ['02-29-2023', '13-01-2000', '2000-01-31', '1-31-2000'],
  },
  14: { accept: ['abc123', 'São2', 'Ñandú', '中文1'], reject: ['abc 123', 'a_b', 'a-b', 'x!'] },
  15: { accept: ['홍길동', '한국어'], reject: ['홍길동1', 'abc', '홍 길동', '中文'] },
  16: { accept: ['สวัสดี', 'ภาษาไทย'], reject: ['สวัสดี1', 'abc', 'สวัส ดี', 'ກາ'] },
  17: { accept: ['สวัสดี John', 'John', 'ภาษา ไทย'], reject: ['John1', 'สวัสดี!', '   ', 'José'] },
  18: { accept: ['JOHN SMITH', 'ABC', ' A B '], reject: ['John', 'JOHN1', '   ', 'ÇA'] },
  19: { accept: ['abc123!@#', 'P@ss-w0rd', '~'], reject: ['abc 123', 'ção', '中文', 'a\tb'] },
  20: { accept: ['Abc123!', 'P@ssw0rd', 'zZ9~'], reject: ['abc123!', 'ABC123!', 'Abcdef!', 'Abc1234', 'Ab 12!c'] },
  21: {
    accept: ['Maria Silva', 'José da Silva', "Anne-Marie O'Neil"],
    reject: ['Maria', 'Maria  Silva', ' Maria Silva', 'Maria Silva2'],
  },
  22: {
    accept: ['やまだ', 'ヤマダ', '山田太郎', 'ひらがなカタカナ漢字'],
    reject: ['山田 太郎', 'ﾔﾏﾀﾞ', 'yamada', '山田1'],
  },
};

describe('validation patterns 0–22', () => {
  it('covers every id from 0 to 22', () => {
    expect(PATTERN_IDS).toEqual(Array.from({ length: 23 }, (_, i) => i));
  });

  for (const id of PATTERN_IDS) {
    const c = CASES[id];
    it(`pattern ${id} accepts and rejects the right strings`, () => {
      expect(c).toBeDefined();
      if (!c) return;
      expect(c.accept.length).toBeGreaterThanOrEqual(2);
      // Pattern 0 is length-only: its rejections are tested through validateField below.
      if (id !== 0) expect(c.reject.length).toBeGreaterThanOrEqual(2);
      for (const s of c.accept) expect(matchesPattern(id, s), `${id} should accept ${JSON.stringify(s)}`).toBe(true);
      for (const s of c.reject) expect(matchesPattern(id, s), `${id} should reject ${JSON.stringify(s)}`).toBe(false);
    });
  }

  it('pattern 0 rejects only by length', () => {
    const rule = { acceptedPattern: '*', minLength: 2, maxLength: 4, patternId: 0 };
    expect(validateField(rule, 'ab', { required: true })).toBeNull();
    expect(validateField(rule, 'a', { required: true })?.code).toBe('length');
    expect(validateField(rule, 'abcde', { required: true })?.code).toBe('length');
  });

  it('unknown pattern ids match nothing', () => {
    expect(matchesPattern(23, 'abc')).toBe(false);
    expect(matchesPattern(-1, 'abc')).toBe(false);
  });
});

describe('validateField', () => {
  const username = { acceptedPattern: '*', minLength: 4, maxLength: 16, patternId: 1 };

  it('reports required only for required empty fields', () => {
    expect(validateField(username, '', { required: true })).toEqual({
      code: 'required',
      patternId: 1,
      min: 4,
      max: 16,
    });
    expect(validateField(username, undefined, { required: true })?.code).toBe('required');
    expect(validateField(username, '', { required: false })).toBeNull();
    expect(validateField(undefined, undefined, { required: true })?.code).toBe('required');
  });

  it('checks pattern then inclusive lengths', () => {
    expect(validateField(username, 'abcd', { required: true })).toBeNull();
    expect(validateField(username, 'a'.repeat(16), { required: true })).toBeNull();
    expect(validateField(username, 'abc', { required: true })?.code).toBe('length');
    expect(validateField(username, 'a'.repeat(17), { required: true })?.code).toBe('length');
    expect(validateField(username, '1abcd', { required: true })?.code).toBe('pattern');
  });

  it('applies acceptedPattern unless it is *', () => {
    const rule = { acceptedPattern: '^[a-z]+\\d*$', minLength: 1, maxLength: 10, patternId: 4 };
    expect(validateField(rule, 'abc12', { required: true })).toBeNull();
    expect(validateField(rule, 'ABC12', { required: true })?.code).toBe('pattern');
    expect(validateField({ ...rule, acceptedPattern: '*' }, 'ABC12', { required: true })).toBeNull();
  });

  it('ignores an invalid acceptedPattern instead of blocking every value', () => {
    expect(compileAcceptedPattern('([')).toBeNull();
    expect(
      validateField({ acceptedPattern: '([', minLength: 1, maxLength: 5, patternId: 4 }, 'ab1', { required: true }),
    ).toBeNull();
  });

  it('treats maxLength 0 as no upper bound and counts code points', () => {
    expect(
      validateField({ acceptedPattern: '*', minLength: 1, maxLength: 0, patternId: 0 }, 'x'.repeat(500), {
        required: false,
      }),
    ).toBeNull();
    expect(countCharacters('𠮷野家')).toBe(3);
    expect(
      validateField({ acceptedPattern: '*', minLength: 3, maxLength: 3, patternId: 22 }, '𠮷野家', { required: true }),
    ).toBeNull();
  });

  it('accepts any value without a rule when present', () => {
    expect(validateField(undefined, 'whatever', { required: true })).toBeNull();
  });
});
