import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderWithApp, stubOps } from '../lib/test-render';
import { SidebarNav } from './sidebar-nav';

import type { QueueCounts } from '@wps/shared/schemas/reporting';

const COUNTS: QueueCounts = {
  deposits: 3,
  withdrawals: 2,
  disputes: 1,
  vendorTransfers: 0,
  redemptions: 4,
  heldRewards: 5,
  setupApprovals: 6,
};

describe('SidebarNav queue counts', () => {
  it('shows how many wait beside each queue; an empty queue shows none; the links keep their names', async () => {
    const { callsTo } = stubOps({ 'GET /ops/queues/summary': ok(COUNTS) });
    const role = 'admin';
    renderWithApp(<SidebarNav role={role} onNavigate={() => undefined} />, { role });
    const queues = screen.getByRole('list', { name: 'Filas' });
    const deposits = within(queues).getByRole('link', { name: 'Depósitos' }).closest('li')!;
    expect(await within(deposits).findByText('3 aguardando')).toBeInTheDocument();
    // Withdrawals awaiting review and those in dispute both wait on an operator.
    const withdrawals = within(queues).getByRole('link', { name: 'Saques' }).closest('li')!;
    expect(within(withdrawals).getByText('3 aguardando')).toBeInTheDocument();
    const transfers = within(queues).getByRole('link', { name: 'Transferências de fornecedor' }).closest('li')!;
    expect(within(transfers).queryByTestId('queue-count')).toBeNull();
    // The queues that are not money: the mall's redemptions, held rewards, set-ups waiting for a second operator.
    for (const [name, count] of [
      [/^Trocas de pontos/, 4],
      [/^Recompensas retidas/, 5],
      [/^Aprovações de configurações/, 6],
    ] as const) {
      const item = within(queues).getByRole('link', { name }).closest('li')!;
      expect(within(item).getByText(`${count} aguardando`)).toBeInTheDocument();
    }
    expect(callsTo('GET /ops/queues/summary')).toHaveLength(1);
  });
});
