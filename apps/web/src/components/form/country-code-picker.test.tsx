import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Country } from '@wps/shared/schemas/system';
import { renderWithProviders, stubApi } from '../../lib/test-render';
import { CountryCodePicker } from './country-code-picker';

// The server's list names countries in English.
const COUNTRIES: Country[] = [
  { countryCode: 'BR', countryDialingCode: '55', name: 'Brazil', mobileLengths: [10, 11] },
  { countryCode: 'DE', countryDialingCode: '49', name: 'Germany', mobileLengths: [] },
];

describe('CountryCodePicker', () => {
  it("names the countries in the site's language, and finds them by that name", async () => {
    stubApi({});
    const { user } = await renderWithProviders(
      <CountryCodePicker countries={COUNTRIES} value="BR" onChange={() => undefined} />,
    );
    const trigger = screen.getByRole('button', { name: 'Código do país: Brasil +55' });
    act(() => trigger.focus());
    await user.type(screen.getByRole('searchbox'), 'alem');
    expect(await screen.findByText('Alemanha')).toBeVisible();
    expect(screen.queryByText('Brasil')).toBeNull();
  });
});
