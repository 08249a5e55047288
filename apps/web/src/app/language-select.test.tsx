import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/test-render';
import { LanguageSelect, menuLanguages } from './language-select';

// The spec's operator lists forty languages; the site is written in two.
const SPEC_LIST = ['PT', 'PT-BR', 'EN', 'ES', 'ZH', 'VI', 'TH', 'KO', 'JA', 'ID'];

describe('the language menu', () => {
  it('lists only the languages the site is written in, PT once for PT and PT-BR', () => {
    expect(menuLanguages(SPEC_LIST, 'PT')).toEqual(['PT', 'EN']);
    expect(menuLanguages(['EN', 'pt-br'], 'EN')).toEqual(['EN', 'PT']);
  });

  it('keeps a language chosen before while it is the current one, and PT-BR reads as PT', () => {
    expect(menuLanguages(SPEC_LIST, 'VI')).toEqual(['VI', 'PT', 'EN']);
    expect(menuLanguages(SPEC_LIST, 'PT-BR')).toEqual(['PT', 'EN']);
  });

  it('says where other languages come from', async () => {
    await renderWithProviders(<LanguageSelect listed={SPEC_LIST} />);
    const select = screen.getByRole('combobox', { name: 'Idioma' });
    expect(select).toHaveAccessibleDescription('Outros idiomas: use a tradução do seu navegador.');
    const options = screen.getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
    expect(options).toEqual(['PT', 'EN']);
    expect(screen.queryByText(/textos em inglês/)).toBeNull();
  });

  it('names each language in its own language, as Intl does', async () => {
    await renderWithProviders(<LanguageSelect listed={SPEC_LIST} />);
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    // Written out (no locale data to load), they must read as the browser's own name of the bare
    // language: "português" apart from PT-BR, "English" rather than "American English".
    const intl = (tag: string) => new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    expect(names).toEqual([`PT · ${intl('pt')}`, `EN · ${intl('en')}`]);
  });
});
