import { describe, expect, it } from 'vitest';
import { camelRow, snakeRow, type CamelRow } from './camel-row';

describe('camelRow', () => {
  it('renames the columns of a row to camelCase and keeps the values', () => {
    const at = new Date();
    const row = { id: '7', member_id: '3', release_asked_at: at, params: { a: 1 }, w_home: null };
    const camel: CamelRow<typeof row> = camelRow(row);
    expect(camel).toEqual({ id: '7', memberId: '3', releaseAskedAt: at, params: { a: 1 }, wHome: null });
    expect(camel.releaseAskedAt).toBe(at);
  });

  it('turns a camelCase patch back into its columns, leaving out nothing', () => {
    const patch = snakeRow<{ status?: string; assignee_id?: string | null; proposed_at?: Date | null }>({
      status: 'under_review',
      assigneeId: null,
    });
    expect(patch).toEqual({ status: 'under_review', assignee_id: null });
  });
});
