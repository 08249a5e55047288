import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../lib/test-render';
import { QueuesPanel } from './queues-panel';

const NOW = Date.parse('2026-03-02T12:00:00.000Z');
const empty = { count: 0, oldestAt: null };

describe('QueuesPanel', () => {
  it('counts the withdrawals past their review deadline; a queue without any shows no such line', () => {
    renderWithApp(
      <QueuesPanel
        now={NOW}
        queues={{
          deposits: { count: 1, oldestAt: '2026-03-02T11:00:00.000Z' },
          withdrawals: { count: 3, oldestAt: '2026-02-27T12:00:00.000Z', overdue: 2 },
          disputes: empty,
          vendorTransfers: empty,
        }}
      />,
    );
    const overdue = screen.getAllByTestId('queue-overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toHaveTextContent('2 além do prazo de análise');
    expect(overdue[0]!.closest('li')).toHaveAttribute('data-queue', 'withdrawals');
  });
});
