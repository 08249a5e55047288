import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderWithApp, stubOps } from '../../../lib/test-render';
import { NoContactNote } from './switches-section';

afterEach(() => vi.unstubAllGlobals());

describe('NoContactNote (under the new-device switch)', () => {
  it('counts the active accounts no login code can reach', async () => {
    stubOps({ 'GET /ops/login-verification/summary': ok({ activeWithoutContact: 1234 }) });
    renderWithApp(<NoContactNote />, { role: 'admin' });
    expect(await screen.findByRole('note')).toHaveTextContent('1.234 contas ativas não têm celular nem e-mail hoje.');
  });

  it('in English too', async () => {
    stubOps({ 'GET /ops/login-verification/summary': ok({ activeWithoutContact: 1 }) });
    renderWithApp(<NoContactNote />, { role: 'admin', language: 'en' });
    expect(await screen.findByRole('note')).toHaveTextContent(
      '1 active account has neither a mobile nor an e-mail today.',
    );
  });
});
