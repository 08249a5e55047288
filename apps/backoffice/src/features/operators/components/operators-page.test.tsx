import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorListItem } from '@wps/shared/schemas/operator';
import { ok, renderWithApp, stubOps } from '../../../lib/test-render';
import { OperatorsPage } from './operators-page';

const operator = (username: string, failedCodes: OperatorListItem['failedCodes']): OperatorListItem => ({
  operatorId: username === 'ana.lima' ? '5' : '6',
  username,
  role: 'finance',
  status: 'active',
  totpEnrolled: true,
  createdAt: '2026-03-01T00:00:00Z',
  lastLoginAt: null,
  failedCodes,
});

afterEach(() => vi.unstubAllGlobals());

describe('OperatorsPage', () => {
  it("shows the admins an operator's run of wrong two-factor codes with the last one's time and address", async () => {
    stubOps({
      'GET /ops/operators': ok([
        operator('ana.lima', { count: 7, lastAt: '2026-11-24T12:00:08Z', lastIp: '203.0.113.9' }),
        operator('rui.costa', null),
      ]),
    });
    renderWithApp(<OperatorsPage />, { role: 'admin' });
    const row = (await screen.findByRole('rowheader', { name: /ana\.lima/ })).closest('tr')!;
    expect(within(row).getByRole('note')).toHaveTextContent(
      /7 códigos errados seguidos, o último em 24\/11\/2026.* de 203\.0\.113\.9/,
    );
    const other = screen.getByRole('rowheader', { name: /rui\.costa/ }).closest('tr')!;
    expect(within(other).queryByRole('note')).not.toBeInTheDocument();
  });
});
