import { describe, expect, it } from 'vitest';
import { ACCOUNT_RECORD_KINDS, LEDGER_KINDS } from '@wps/shared/ledger-kinds';
import ptRecords from '../../locales/pt/records.json';
import enRecords from '../../locales/en/records.json';

// The ledger takes only the listed kinds (its inputs are typed LedgerKind), so a kind added there
// fails here until the account record can name it: a raw code never reaches a player.
describe.each([
  ['PT', ptRecords.types],
  ['EN', enRecords.types],
])('account record kind names in %s', (_language, types: Record<string, string>) => {
  it('names every ledger kind the server can post', () => {
    for (const kind of LEDGER_KINDS) {
      expect(types[kind]?.trim(), kind).toBeTruthy();
      expect(types[kind], kind).not.toContain('_');
    }
  });

  it('names no kind that does not exist', () => {
    expect(
      Object.keys(types).filter(
        (key) => key !== 'all' && key !== 'other' && !(LEDGER_KINDS as readonly string[]).includes(key),
      ),
    ).toEqual([]);
  });
});

describe('the account record filter', () => {
  it('offers every kind that moves a player’s own account', () => {
    expect(ACCOUNT_RECORD_KINDS).toEqual(LEDGER_KINDS.filter((kind) => kind !== 'withdrawal_payout'));
  });
});
