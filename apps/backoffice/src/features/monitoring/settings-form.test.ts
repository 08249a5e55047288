import { describe, expect, it } from 'vitest';
import { MONITORING_DEFAULTS } from '@wps/shared/schemas/monitoring';
import { RULE_FIELDS, monitoringFormSchema, toFormValues } from './settings-form';

// The thresholds' form: amounts are typed in reais the operator's way and sent in centavos, whole
// numbers are held to the shared schema's bounds, and the stored settings come back unchanged.

describe('the monitoring thresholds form', () => {
  it('shows amounts in reais and sends the same settings back', () => {
    const typed = toFormValues(MONITORING_DEFAULTS, 2, 'pt-BR');
    expect(typed.depositsRising.minRecentMinor).toBe('500,00');
    expect(typed.lossChasing.minNetLossMinor).toBe('200,00');
    expect(typed.limitsRaised).toEqual({ enabled: true, minRaises: '3' });
    expect(monitoringFormSchema(2, 'pt-BR').parse(typed)).toEqual(MONITORING_DEFAULTS);
    expect(toFormValues(MONITORING_DEFAULTS, 2, 'en-US').depositsRising.minRecentMinor).toBe('500.00');
  });

  it('reads what the operator typed: a rule off, a threshold and an amount changed', () => {
    const typed = toFormValues(MONITORING_DEFAULTS, 2, 'pt-BR');
    const out = monitoringFormSchema(2, 'pt-BR').parse({
      ...typed,
      depositsRising: { ...typed.depositsRising, minRecentMinor: '1.234,5' },
      nightPlay: { ...typed.nightPlay, enabled: false },
      limitsRaised: { enabled: true, minRaises: ' 2 ' },
    });
    expect(out.depositsRising.minRecentMinor).toBe('123450');
    expect(out.nightPlay.enabled).toBe(false);
    expect(out.limitsRaised).toEqual({ enabled: true, minRaises: 2 });
  });

  it('refuses what the server would refuse, on the field that is wrong', () => {
    const typed = toFormValues(MONITORING_DEFAULTS, 2, 'pt-BR');
    const paths = (values: unknown) =>
      monitoringFormSchema(2, 'pt-BR')
        .safeParse(values)
        .error?.issues.map((i) => i.path.join('.'));
    expect(paths({ ...typed, limitsRaised: { enabled: true, minRaises: '0' } })).toEqual(['limitsRaised.minRaises']);
    expect(paths({ ...typed, limitsRaised: { enabled: true, minRaises: '2.5' } })).toEqual(['limitsRaised.minRaises']);
    expect(paths({ ...typed, depositsRising: { ...typed.depositsRising, minRecentMinor: '5,001' } })).toEqual([
      'depositsRising.minRecentMinor',
    ]);
    expect(paths({ ...typed, nightPlay: { ...typed.nightPlay, startHour: '4', endHour: '4' } })).toEqual([
      'nightPlay.endHour',
    ]);
  });

  it('takes each whole number’s bounds from the shared schema', () => {
    expect(RULE_FIELDS.limitsRaised).toEqual([{ name: 'minRaises', kind: 'int', min: 1, max: 50 }]);
    expect(RULE_FIELDS.depositsRising.map((f) => f.name)).toEqual(['factorPercent', 'minRecentMinor', 'baselineWeeks']);
  });
});
