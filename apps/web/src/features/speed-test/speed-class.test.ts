import { describe, expect, it } from 'vitest';
import { classifySpeed, findMedian } from './speed-class';

describe('findMedian', () => {
  it('takes the middle timing, whatever the order', () => {
    expect(findMedian([300, 20, 45])).toBe(45);
    expect(findMedian([10, 30])).toBe(20);
  });
  it('has no median without timings', () => {
    expect(findMedian([])).toBeNull();
  });
});

describe('classifySpeed', () => {
  it('classes at the product thresholds', () => {
    expect(classifySpeed(0)).toBe('fast');
    expect(classifySpeed(80)).toBe('fast');
    expect(classifySpeed(80.5)).toBe('normal');
    expect(classifySpeed(150)).toBe('normal');
    expect(classifySpeed(151)).toBe('slow');
    expect(classifySpeed(9999)).toBe('slow');
  });
  it('calls a failed ping unreachable', () => {
    expect(classifySpeed(null)).toBe('unreachable');
    expect(classifySpeed(Number.NaN)).toBe('unreachable');
  });
});
