import type { Kysely } from 'kysely';
import { sameName } from '@wps/shared/schemas/security';
import type { ReferralHoldReason } from '@wps/shared/schemas/referral';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** What the check reads of the two accounts, each through the module that keeps it. */
export type ReferralTraitSources = {
  /** Registration address, phone (E.164) and payee name: the member module. */
  members: (
    memberIds: string[],
    trx: Db,
  ) => Promise<Map<string, { registerIp: string | null; phone: string | null; payeeName: string | null }>>;
  /** Addresses and user agents of their sessions: the session module. */
  sessions: (memberIds: string[], trx: Db) => Promise<Map<string, { ips: Set<string>; userAgents: Set<string> }>>;
  /** Bank accounts as `bank:number`: the security module. */
  bankAccounts: (memberIds: string[], trx: Db) => Promise<Map<string, Set<string>>>;
};

function intersects(a: Iterable<string>, b: Set<string>): boolean {
  for (const x of a) if (b.has(x)) return true;
  return false;
}

/**
 * Why each qualified invitee's reward should wait for an operator: what the invitee shares with its
 * referrer (an address they registered or logged in from, a browser, a phone, a bank account, a
 * payee name). A player inviting themselves through a second account usually shares one of these;
 * a shared address alone can be a household or a café, hence a review rather than a refusal.
 */
export async function findHoldReasons(
  trx: Db,
  sources: ReferralTraitSources,
  pairs: { inviteeId: string; referrerId: string }[],
): Promise<Map<string, ReferralHoldReason[]>> {
  const out = new Map<string, ReferralHoldReason[]>();
  if (!pairs.length) return out;
  const ids = [...new Set(pairs.flatMap((p) => [p.inviteeId, p.referrerId]))];
  const members = await sources.members(ids, trx);
  const sessions = await sources.sessions(ids, trx);
  const banks = await sources.bankAccounts(ids, trx);
  const ipsOf = (id: string) => {
    const ips = new Set(sessions.get(id)?.ips ?? []);
    const registered = members.get(id)?.registerIp;
    if (registered) ips.add(registered);
    return ips;
  };
  for (const { inviteeId, referrerId } of pairs) {
    const reasons: ReferralHoldReason[] = [];
    const a = members.get(inviteeId);
    const b = members.get(referrerId);
    if (intersects(ipsOf(inviteeId), ipsOf(referrerId))) reasons.push('shared_ip');
    if (intersects(sessions.get(inviteeId)?.userAgents ?? [], sessions.get(referrerId)?.userAgents ?? new Set()))
      reasons.push('shared_device');
    if (a?.phone && a.phone === b?.phone) reasons.push('shared_phone');
    if (intersects(banks.get(inviteeId) ?? [], banks.get(referrerId) ?? new Set())) reasons.push('shared_bank_account');
    if (a?.payeeName && b?.payeeName && sameName(a.payeeName, b.payeeName)) reasons.push('shared_payee_name');
    out.set(inviteeId, reasons);
  }
  return out;
}
