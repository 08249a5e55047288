import { describe, expect, it } from 'vitest';
import { ALL, effectiveFilters, withEffectiveFilters } from './queue-params';

const specs = {
  status: { values: ['pending', 'credited', 'failed'], defaultValue: 'pending' },
  type: { values: ['manual_bank', 'gateway'], defaultValue: ALL },
};

describe('queue filters', () => {
  it('opens on the defaults when the URL names none, and keeps what the endpoint accepts', () => {
    expect(effectiveFilters({}, specs)).toEqual({ status: 'pending', type: ALL });
    expect(effectiveFilters({ status: 'failed', type: 'gateway' }, specs)).toEqual({
      status: 'failed',
      type: 'gateway',
    });
    expect(effectiveFilters({ status: ALL }, specs)).toEqual({ status: ALL, type: ALL });
  });

  it('falls back to the default for a value the endpoint would refuse', () => {
    expect(effectiveFilters({ status: 'paid', type: 'cash' }, specs)).toEqual({ status: 'pending', type: ALL });
  });

  it('sends the default filters, and no parameter for "all"', () => {
    const query = new URLSearchParams('sort=createdAt&order=asc&page=2&pageSize=20');
    expect(withEffectiveFilters(query, { status: 'pending', type: ALL }).toString()).toBe(
      'sort=createdAt&order=asc&page=2&pageSize=20&status=pending',
    );
    expect(
      withEffectiveFilters(new URLSearchParams('status=all&type=gateway'), { status: ALL, type: 'gateway' }).toString(),
    ).toBe('type=gateway');
  });
});
