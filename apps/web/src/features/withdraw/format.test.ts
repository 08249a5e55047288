import { describe, expect, it } from 'vitest';
import { compareDecimal, createIdempotencyKey, orderStateKey } from './format';

describe('withdraw formatting helpers', () => {
  it('compares decimal amounts exactly', () => {
    expect(compareDecimal('10.5', '10.50')).toBe(0);
    expect(compareDecimal('0.1', '0.09')).toBe(1);
    expect(compareDecimal('99999999999999999.99', '99999999999999999.98')).toBe(1);
    expect(compareDecimal('5', '50')).toBe(-1);
  });

  it('names the player-visible state of an order', () => {
    expect(orderStateKey({ status: 'approved', confirmation: null })).toBe('status.approved');
    expect(orderStateKey({ status: 'completed', confirmation: 'auto_received' })).toBe('status.autoReceived');
    expect(orderStateKey({ status: 'completed', confirmation: 'received' })).toBe('status.received');
    expect(orderStateKey({ status: 'disputed', confirmation: 'not_received' })).toBe('status.disputed');
  });

  it('makes distinct keys', () => {
    expect(createIdempotencyKey()).toMatch(/^w-[0-9a-f]{32}$/);
    expect(createIdempotencyKey()).not.toBe(createIdempotencyKey());
  });
});
