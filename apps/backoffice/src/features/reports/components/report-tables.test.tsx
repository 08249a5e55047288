import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlayersReport, PnlReport } from '@wps/shared/schemas/reporting';
import { renderWithApp } from '../../../lib/test-render';
import { PlayersTable, PnlTable } from './report-tables';

const REPORT: PlayersReport = {
  from: '2026-11-01T03:00:00.000Z',
  to: '2026-11-03T03:00:00.000Z',
  timeZone: 'America/Sao_Paulo',
  currency: 'BRL',
  scale: 2,
  rows: [{ day: '2026-11-02', registrations: 4, firstDeposits: 1, firstDepositAmountMinor: '5000' }],
  totals: { registrations: 4, firstDeposits: 1, firstDepositAmountMinor: '5000' },
};

describe('report tables', () => {
  it('write the day as dd/mm/aaaa in Portuguese, not the server key', () => {
    renderWithApp(<PlayersTable report={REPORT} />);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: '02/11/2026' })).toBeInTheDocument();
    expect(within(table).queryByText('2026-11-02')).toBeNull();
  });

  it('name a game category in words, with its code as the title', () => {
    const figures = { rounds: 2, betsMinor: '1000', winsMinor: '400', ggrMinor: '600' };
    const report: PnlReport = {
      ...REPORT,
      rows: [{ ...figures, day: '2026-11-02', category: 'ELOTT', vassalage: 'v1', vendorName: 'Vendor One' }],
      totals: figures,
    };
    renderWithApp(<PnlTable report={report} />);
    const cell = screen.getByRole('cell', { name: 'Loteria eletrônica' });
    expect(cell).toHaveAttribute('title', 'ELOTT');
  });
});
