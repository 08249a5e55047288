import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OriginalsReport } from '@wps/shared/schemas/reporting';
import { renderWithApp } from '../../../lib/test-render';
import { OriginalsTable } from './originals-table';

// The in-house games report in Portuguese: days as dd/mm/aaaa, money as R$ 1.234,56, the RTP
// measured beside the configured one as percentages, a game's total and the overall total.

const LIMBO = {
  rounds: 4,
  players: 2,
  stakedMinor: '123456',
  paidMinor: '100000',
  ggrMinor: '23456',
  rtpMeasuredBps: 8100,
  rtpConfiguredBps: 9864,
  biggestWinMinor: '50000',
};
const REPORT: OriginalsReport = {
  from: '2026-01-10T03:00:00.000Z',
  to: '2026-01-12T03:00:00.000Z',
  timeZone: 'America/Sao_Paulo',
  currency: 'BRL',
  scale: 2,
  rows: [{ day: '2026-01-10', game: 'limbo', ...LIMBO }],
  games: [{ game: 'limbo', ...LIMBO }],
  totals: LIMBO,
};

describe('in-house games report table', () => {
  it('writes the day as dd/mm/aaaa, money in reais and the two RTPs side by side', () => {
    renderWithApp(<OriginalsTable report={REPORT} />);
    const table = screen.getByRole('table');
    const row = within(table).getByRole('row', { name: /10\/01\/2026/ });
    expect(within(row).getByText('Limbo')).toBeInTheDocument();
    expect(within(row).getByText(/R\$\s1\.234,56/)).toBeInTheDocument();
    expect(within(row).getByText(/R\$\s234,56/)).toBeInTheDocument();
    expect(within(row).getByText(/81,00\s?%/)).toBeInTheDocument();
    expect(within(row).getByText(/98,64\s?%/)).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Total: Limbo' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
    expect(within(table).queryByText('2026-01-10')).toBeNull();
  });
});
