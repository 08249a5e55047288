import { describe, expect, it } from 'vitest';
import { findUnseenPopup, getPopupSeenKey, markSeen, parseSeen } from './popup-seen';

const a = { id: '1', version: 1 };
const b = { id: '2', version: 3 };

describe('popup seen', () => {
  it('finds the first popup not seen at its version', () => {
    expect(findUnseenPopup([a, b], {})).toBe(a);
    expect(findUnseenPopup([a, b], markSeen({}, a))).toBe(b);
    expect(findUnseenPopup([a, b], markSeen(markSeen({}, a), b))).toBeUndefined();
  });
  it('shows a popup again at a new version', () => {
    expect(findUnseenPopup([{ id: '1', version: 2 }], markSeen({}, a))).toEqual({ id: '1', version: 2 });
  });
  it('reads a broken or foreign value as nothing seen', () => {
    expect(parseSeen(null)).toEqual({});
    expect(parseSeen('{oops')).toEqual({});
    expect(parseSeen('[1]')).toEqual({});
    expect(parseSeen('{"1":2,"x":"y"}')).toEqual({ '1': 2 });
  });
  it('keys by username, ignoring case', () => {
    expect(getPopupSeenKey('Alice')).toBe(getPopupSeenKey('alice'));
  });
});
