import { describe, expect, it } from 'vitest';
import { getContentLanguage, getLocaleTag, isCompleteLanguage } from './language';

describe('language', () => {
  it('shows PT strings for PT and PT-BR, EN strings for everything else', () => {
    expect(getContentLanguage('PT')).toBe('pt');
    expect(getContentLanguage('PT-BR')).toBe('pt');
    expect(getContentLanguage('EN')).toBe('en');
    expect(getContentLanguage('JA')).toBe('en');
    expect(getContentLanguage('TH')).toBe('en');
  });

  it('marks only the translated languages complete', () => {
    expect(isCompleteLanguage('PT')).toBe(true);
    expect(isCompleteLanguage('en')).toBe(true);
    expect(isCompleteLanguage('KO')).toBe(false);
  });

  it('maps interface codes to valid BCP 47 tags', () => {
    expect(getLocaleTag('PT')).toBe('pt-BR');
    expect(getLocaleTag('CN')).toBe('zh-CN');
    expect(getLocaleTag('TW')).toBe('zh-TW');
    expect(getLocaleTag('FIL')).toBe('fil-PH');
    expect(getLocaleTag('VI')).toBe('vi');
    expect(getLocaleTag('EN')).toBe('en-US');
  });
});
