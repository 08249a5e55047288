import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/test-render';
import { StakeBar } from './stake-bar';

// The stake bar every game's page ends with: the stake between − and +, then the game's own button.

const session = { currency: 'BRL', scale: 2 };

describe('StakeBar', () => {
  it('steps the stake through the levels, beside the action it is given', async () => {
    const onStake = vi.fn();
    const { user } = await renderWithProviders(
      <StakeBar session={session} levels={[100n, 200n, 500n]} stake={200n} onStake={onStake} disabled={false}>
        <button type="button">Jogar</button>
      </StakeBar>,
    );
    expect(screen.getByTestId('inhouse-stake')).toHaveTextContent('2,00');
    expect(screen.getByRole('button', { name: 'Jogar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aumentar aposta' }));
    await user.click(screen.getByRole('button', { name: 'Diminuir aposta' }));
    expect(onStake.mock.calls).toEqual([[500n], [100n]]);
  });

  it('with no level allowed, still shows the current stake, locked', async () => {
    await renderWithProviders(
      <StakeBar session={session} levels={[]} stake={500n} onStake={() => {}} disabled={false}>
        <button type="button">Jogar</button>
      </StakeBar>,
    );
    expect(screen.getByTestId('inhouse-stake')).toHaveTextContent('5,00');
    expect(screen.getByRole('button', { name: 'Aumentar aposta' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Diminuir aposta' })).toBeDisabled();
  });

  it('locks the stake while a round goes on', async () => {
    await renderWithProviders(
      <StakeBar session={session} levels={[100n, 200n, 500n]} stake={200n} onStake={() => {}} disabled>
        <button type="button">Jogar</button>
      </StakeBar>,
    );
    expect(screen.getByRole('button', { name: 'Aumentar aposta' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Diminuir aposta' })).toBeDisabled();
  });
});
