import { describe, expect, it } from 'vitest';
import { maskPixKey, normalizePixKey } from './pix-key';

describe('PIX keys', () => {
  it('reads each kind of key as the directory stores it', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('cpf', '529.982.247-24')).toBeNull();
    expect(normalizePixKey('email', '  Maria.Silva@Example.COM ')).toBe('maria.silva@example.com');
    expect(normalizePixKey('email', 'not an e-mail')).toBeNull();
    expect(normalizePixKey('phone', '(11) 97560-3901')).toBe('+5511975603901');
    expect(normalizePixKey('phone', '+1 202 555 0143')).toBeNull();
    expect(normalizePixKey('evp', '123E4567-E89B-42D3-A456-426614174000')).toBe('123e4567-e89b-42d3-a456-426614174000');
    expect(normalizePixKey('evp', '123e4567')).toBeNull();
  });

  it('masks a bound key', () => {
    expect(maskPixKey('cpf', '52998224725')).toBe('***.982.247-**');
    expect(maskPixKey('email', 'maria.silva@example.com')).toBe('ma***@example.com');
    expect(maskPixKey('phone', '+5511975603901')).toBe('+5511*****3901');
    expect(maskPixKey('evp', '123e4567-e89b-42d3-a456-426614174000')).toBe('123e4567-****-4000');
  });
});
