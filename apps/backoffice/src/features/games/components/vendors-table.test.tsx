import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpsVendor } from '../api/vendors-list';
import { renderWithApp } from '../../../lib/test-render';
import { VendorsTable } from './vendors-table';

const vendor = (vassalage: string, name: string, hiddenByLicence: boolean): OpsVendor => ({
  vassalage,
  name,
  category: hiddenByLicence ? 'PVP' : 'RNG',
  walletModel: 'seamless',
  status: 'active',
  sortOrder: 10,
  isHot: false,
  hiddenByLicence,
});

function show(language: 'pt' | 'en' = 'pt') {
  renderWithApp(
    <VendorsTable
      vendors={[vendor('SBX', 'Sandbox Seamless', false), vendor('SBP', 'Sandbox Poker', true)]}
      selected={null}
      canWrite={false}
      onSelect={() => undefined}
      onChange={() => undefined}
      onEdit={() => undefined}
    />,
    { role: 'admin', language },
  );
}

// Fails without the change: an enabled PVP vendor looked like any other, though under BR players
// never see its tables.
describe('VendorsTable: the vendors the licence hides', () => {
  it('marks under its name a vendor the licence in force hides from players, and only that one', () => {
    show();
    const note = screen.getByText('Oculto aos jogadores: a licença em vigor não permite os jogos dele (mesas P2P)');
    expect(note.closest('tr')?.getAttribute('data-vassalage')).toBe('SBP');
    expect(screen.getAllByText(/Oculto aos jogadores/)).toHaveLength(1);
  });

  it('says so in English too', () => {
    show('en');
    expect(
      screen.getByText('Hidden from players: the licence in force does not allow its games (P2P tables)'),
    ).toBeTruthy();
  });
});
