import type { Kysely } from 'kysely';
import { rafflePrizesBreach } from '@wps/shared/bonus-offers';
import { licenceRules, type JurisdictionProfile, type LicenceRule } from '@wps/shared/licence';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { Database } from '../../db/schema';
import { blockerOf, refuseBreach } from '../licence/licence-offers';
import { findOpenRaffles, findPrizes } from './raffle.repository';

type Db = Kysely<Database>;

/**
 * The live reward rules that give a raffle's tickets and break a profile (a deposit trigger or a
 * deposit condition: the raffle's entry is then conditioned on a deposit). The rewards engine owns
 * the rules; services.ts passes its reader.
 */
export type RaffleTicketRuleBreaches = (
  trx: Db,
  to: JurisdictionProfile,
) => Promise<{ raffleId: string; rule: LicenceRule }[]>;

/*
 * Raffles under a licence that forbids bonuses and deposit-conditioned rewards (BR: Law 14.790/2023
 * art. 29 I; docs/compliance.md, "Bonuses and advances"). A raffle breaks it when a prize is a kind
 * the licence forbids (bonus money), refused when the raffle is made or let go live; or when its
 * entry is conditioned on a deposit: its tickets are given by a live rule triggered by a deposit or
 * with a deposit condition. Such a rule is refused on its own save; a raffle it feeds is listed
 * beside it when a switch is refused. Tickets an operator gives, and prizes of cash or points, stay.
 */

/** Refuse prizes the licence forbids (on creation, and when a second operator lets the raffle go live). */
export async function refuseRafflePrizes(
  trx: Db,
  licenceProfile: (db: Db) => Promise<JurisdictionProfile>,
  prizes: readonly { rewardKind: string }[],
): Promise<void> {
  const profile = await licenceProfile(trx);
  refuseBreach(profile, rafflePrizesBreach(licenceRules(profile), prizes));
}

/** The open raffles a profile would forbid, by their prizes or by the rules that give their tickets. */
export async function raffleLicenceBlockers(
  trx: Db,
  to: JurisdictionProfile,
  ticketRules: RaffleTicketRuleBreaches,
): Promise<LicenceBlocker[]> {
  const rules = licenceRules(to);
  const raffles = await findOpenRaffles(trx);
  if (raffles.length === 0) return [];
  const prizes = await findPrizes(
    trx,
    raffles.map((r) => r.id),
  );
  const byTickets = await ticketRules(trx, to);
  const blockers: LicenceBlocker[] = [];
  for (const raffle of raffles) {
    const own = prizes.filter((p) => p.raffleId === raffle.id).map((p) => ({ rewardKind: p.rewardKind }));
    const breach = rafflePrizesBreach(rules, own);
    if (breach) {
      blockers.push(blockerOf('raffle', String(raffle.id), raffle.title, breach));
      continue;
    }
    const entry = byTickets.find((r) => r.raffleId === String(raffle.id));
    if (entry) blockers.push({ kind: 'raffle', id: String(raffle.id), label: raffle.title, rule: entry.rule });
  }
  return blockers;
}
