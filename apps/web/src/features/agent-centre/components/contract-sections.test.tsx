import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContractView } from '@wps/shared/schemas/agents';
import { renderWithProviders, stubApi } from '../../../lib/test-render';
import { DownlineContractsSection, type DownlineOffer } from './contract-sections';

const EMPTY: ContractView = { type: 'daily_salary', current: null, offer: null, downlines: [], changed: null };

async function noteFor(offer: DownlineOffer): Promise<string> {
  stubApi({});
  const view = await renderWithProviders(
    <DownlineContractsSection type="daily_salary" view={EMPTY} money={{ currency: 'BRL', scale: 2 }} offer={offer} />,
  );
  const text = screen.getByTestId('downline-contracts-daily_salary').querySelector('.ac-note')?.textContent ?? '';
  view.unmount();
  return text;
}

describe('DownlineContractsSection: with no contract yet', () => {
  // "Ofereça um abaixo" was shown with nothing below when the offer form was hidden.
  it('points at the form only when it is there, and otherwise says what is missing', async () => {
    expect(await noteFor('form')).toMatch(/formulário abaixo/);
    const needsContract = await noteFor('needsOwnContract');
    expect(needsContract).toMatch(/contrato deste tipo em vigor com o seu superior/);
    expect(needsContract).not.toMatch(/abaixo/);
    const needsAgents = await noteFor('needsAgents');
    expect(needsAgents).toMatch(/subordinados diretos que são agentes/);
    expect(needsAgents).not.toMatch(/abaixo/);
  });
});
