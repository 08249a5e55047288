import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import { identityBody, identityShape, localToday, maskCpfInput } from './identity';

const BR = { jurisdiction: { profile: 'BR', identity: 'cpf', minimumAge: 18 } } as unknown as RegisterSettings;
const PERMISSIVE = {
  jurisdiction: { profile: 'permissive', identity: 'none', minimumAge: null },
} as unknown as RegisterSettings;

function reasons(settings: RegisterSettings, values: { cpf: string; birthDate: string }): string[] {
  const result = z.object(identityShape(settings)).safeParse(values);
  return result.success
    ? []
    : result.error.issues.map(
        (i) => `${String(i.path[0])}:${String((i as { params?: { reason?: string } }).params?.reason)}`,
      );
}

describe('the registration identity fields', () => {
  it('masks the CPF as it is typed', () => {
    expect(maskCpfInput('529')).toBe('529');
    expect(maskCpfInput('5299822')).toBe('529.982.2');
    expect(maskCpfInput('52998224725')).toBe('529.982.247-25');
    expect(maskCpfInput('529.982.247-2599')).toBe('529.982.247-25');
  });

  it('checks the CPF digits and the age under BR, and nothing elsewhere', () => {
    expect(reasons(BR, { cpf: '529.982.247-25', birthDate: '1990-01-01' })).toEqual([]);
    expect(reasons(BR, { cpf: '529.982.247-26', birthDate: '' })).toEqual(['cpf:cpf', 'birthDate:birthDate']);
    const [y, m, d] = localToday().split('-');
    expect(reasons(BR, { cpf: '', birthDate: `${Number(y) - 17}-${m}-${d}` })).toEqual([
      'cpf:required',
      'birthDate:underage',
    ]);
    expect(reasons(PERMISSIVE, { cpf: '', birthDate: '' })).toEqual([]);
  });

  it('sends the 11 digits and the date only where the licence asks', () => {
    expect(identityBody(BR, { cpf: '529.982.247-25', birthDate: '1990-01-01' })).toEqual({
      cpf: '52998224725',
      birthDate: '1990-01-01',
    });
    expect(identityBody(PERMISSIVE, { cpf: '529.982.247-25', birthDate: '1990-01-01' })).toEqual({});
  });
});
