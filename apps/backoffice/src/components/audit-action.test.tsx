import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../lib/test-render';
import { AuditAction } from './audit-action';

describe('AuditAction', () => {
  it('shows the label with the code under it (what the audit filter takes)', () => {
    renderWithApp(<AuditAction code="licence.seed_set" />);
    expect(screen.getByText('Licença definida na instalação')).toBeInTheDocument();
    expect(screen.getByText('licence.seed_set').tagName).toBe('CODE');
  });
});
