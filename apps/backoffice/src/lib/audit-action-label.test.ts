// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { auditActionLabel, humanizeAction } from './audit-action-label';

/**
 * The server's sources, as text: every action it writes to the audit log is a literal after
 * `action:` (in audit.record calls and the objects handed to them). Read from the sources rather
 * than a hand-kept list, so a new action without a label fails here.
 */
const SERVER_SOURCES = import.meta.glob<string>(['../../../server/src/**/*.ts', '!**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function actionsWritten(): Set<string> {
  const actions = new Set<string>();
  for (const text of Object.values(SERVER_SOURCES)) {
    for (const line of text.split('\n')) {
      const after = /\baction:\s*(.*)$/.exec(line)?.[1];
      if (!after) continue;
      for (const m of after.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) if (m[1]) actions.add(m[1]);
    }
  }
  return actions;
}

describe('audit action labels', () => {
  it('every action the server writes has a label, in Portuguese and in English', () => {
    const actions = actionsWritten();
    expect(actions.size, 'actions found in apps/server/src').toBeGreaterThan(100);
    expect(actions).toContain('licence.seed_set');
    for (const language of ['pt', 'en'] as const) {
      const t = i18n.getFixedT(language, 'audit');
      const missing = [...actions].filter((a) => !i18n.exists(`actions.${a}`, { lng: language, ns: 'audit' }));
      expect(missing, `actions without a ${language} label`).toEqual([]);
      for (const a of actions) expect(typeof auditActionLabel(t, a)).toBe('string');
    }
  });

  it('labels a known action; families written from a value; anything else in words', () => {
    const pt = i18n.getFixedT('pt', 'audit');
    const en = i18n.getFixedT('en', 'audit');
    expect(auditActionLabel(pt, 'licence.seed_set')).toBe('Licença definida na instalação');
    expect(auditActionLabel(en, 'licence.seed_set')).toBe('Licence set at installation');
    expect(auditActionLabel(pt, 'settings.deposit_limits')).toBe('Configuração alterada: deposit limits');
    expect(auditActionLabel(en, 'points.redemption.fulfil')).toBe('Points redemption: fulfil');
    expect(auditActionLabel(en, 'jackpot.pool_reset')).toBe('Jackpot pool reset');
    expect(humanizeAction('licence.seed_set')).toBe('Licence seed set');
  });
});
