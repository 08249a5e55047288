import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TYPED_AMOUNTS, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { HouseContractDialog } from './house-contract-dialog';

// A tier's minimum amount is read by the shared money parser in the operator's language and sent
// in minor units; the rate, a percentage with two decimals, takes a decimal comma too.

afterEach(() => vi.unstubAllGlobals());

const ROUTE = 'PUT /ops/agents/900/contracts/daily_salary';

describe('HouseContractDialog tier minimum', () => {
  it.each(TYPED_AMOUNTS)('sends $typed as $minor minor units', async ({ typed, minor }) => {
    const api = stubOps({ [ROUTE]: ok({ contract: null, waiting: null }) });
    const onClose = vi.fn();
    renderWithApp(
      <HouseContractDialog member={{ id: '900', account: 'topagent', type: 1, isAgent: true }} onClose={onClose} />,
      { role: 'admin' },
    );
    const user = setupUser();
    const tier = screen.getByRole('group', { name: 'Faixa 1' });
    await fill(user, within(tier).getByLabelText('A partir de (BRL)'), typed);
    await fill(user, within(tier).getByLabelText('Taxa (%)'), '2,5');
    await fill(user, screen.getByLabelText(/Motivo/), 'novos termos');
    await user.click(screen.getByRole('button', { name: 'Definir contrato' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(ROUTE)[0]?.body).toMatchObject({
      tiers: [{ minAmountMinor: minor, minActivePlayers: 0, rateBp: 250 }],
    });
  });
});
