import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RG_LIMIT_KINDS, type RgOpsPlayer } from '@wps/shared/schemas/responsible-gaming';
import { ok, renderWithApp, stubOps } from '../../../lib/test-render';
import { PlayerRgPanel } from './player-rg-panel';

afterEach(() => vi.unstubAllGlobals());

const at = new Date(2026, 10, 28, 4, 25).toISOString();

const record: RgOpsPlayer = {
  memberId: '9',
  status: {
    currency: 'BRL',
    scale: 2,
    limits: RG_LIMIT_KINDS.map((kind) => ({
      kind,
      value: kind === 'deposit_day' ? '200.50' : kind === 'daily_time' ? '120' : null,
      pending:
        kind === 'deposit_day' ? { value: '1500.00', requestedAt: at, effectiveAt: at, confirmable: false } : null,
    })),
    realityCheckMinutes: null,
    realityCheckRequired: false,
    limitsRequired: false,
    mustSetLimits: false,
  },
  exclusions: [],
  history: [
    {
      id: '1',
      kind: 'deposit_day',
      action: 'set',
      before: null,
      after: '200.50',
      actorType: 'member',
      actorId: '9',
      at,
    },
    { id: '2', kind: 'time_out', action: 'set', before: null, after: at, actorType: 'member', actorId: '9', at },
  ],
};

describe('PlayerRgPanel', () => {
  it("writes the player's limits in the currency and the language, and the history's instants as dates", async () => {
    stubOps({ 'GET /ops/players/9/responsible-gaming': ok(record) });
    renderWithApp(<PlayerRgPanel memberId="9" />, { role: 'admin' });
    const deposit = await screen.findByRole('row', { name: /^Depósitos por dia/ });
    // Was "200.50 BRL" and "1500.00 BRL".
    expect(within(deposit).getAllByRole('cell')[0]).toHaveTextContent(/^R\$\s200,50$/);
    expect(within(deposit).getAllByRole('cell')[1]).toHaveTextContent(/^R\$\s1\.500,00 · a partir de/);
    expect(screen.getByRole('row', { name: /^Tempo por dia/ })).toHaveTextContent('120 min');
    const history = screen.getAllByRole('row').filter((row) => within(row).queryByText(/· definido/) !== null);
    expect(history[0]).toHaveTextContent(/R\$\s200,50/);
    expect(history[1]).not.toHaveTextContent(/\d{4}-\d{2}-\d{2}T/);
    expect(history[1]).toHaveTextContent('28/11/2026');
  });
});
