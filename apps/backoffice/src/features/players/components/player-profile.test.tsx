import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../lib/test-render';
import { playerProfile } from './player-profile.fixture';
import { PlayerProfileTab } from './player-profile';

const LONG_EMAIL = 'a.very.long.mailbox.name.that.keeps.going.and.going@subdomain.of.some-provider.example.com';

describe('PlayerProfileTab', () => {
  it('lets a long e-mail break inside its cell, with the full value as its title', () => {
    renderWithApp(<PlayerProfileTab player={playerProfile({ email: LONG_EMAIL })} />, { role: 'admin' });
    const value = screen.getByText(LONG_EMAIL);
    expect(value.tagName).toBe('DD');
    // players.css: .player-facts__value breaks anywhere and its grid cell may shrink (min-width: 0).
    expect(value).toHaveClass('player-facts__value');
    expect(value).toHaveAttribute('title', LONG_EMAIL);
  });
});
