import { formatMinor } from '@wps/shared/money';
import { amlCoafReportSchema, type AmlCoafReport, type AmlReportOperation } from '@wps/shared/schemas/aml';
import type { IdentityDirectory } from '../identity/identity-directory';
import type { CaseRow, PlayerRow } from './aml.repository';

const DAY = 86_400_000;

/** How far before a case was opened the report's operations go: six months of the player's money in and out. */
export const REPORT_LOOKBACK_MS = 180 * DAY;

/** One deposit or withdrawal order as the money modules know it (wired in services.ts through the players module). */
export type OperationRow = {
  kind: 'deposit' | 'withdrawal';
  at: Date;
  amountMinor: string;
  method: string;
  status: string;
  reference: string;
};

export type ReportContext = {
  identities: Pick<IdentityDirectory, 'identityOf'>;
  accountNames: (memberIds: string[]) => Promise<Map<string, string>>;
  operatorNames: (ids: string[]) => Promise<Map<string, string>>;
  /** A member's deposit and withdrawal orders created in [from, to]. */
  operations: (memberId: string, from: Date, to: Date) => Promise<OperationRow[]>;
  /** Who communicates: the operator's identification (site settings). */
  communicant: () => Promise<{ legalName: string; cnpj: string; authorisationNumber: string }>;
  /** The operator's currency and its number of decimals. */
  money: () => Promise<{ currency: string; scale: number }>;
};

/**
 * A case's COAF communication (docs/compliance.md, "Anti-money laundering": the fields and their
 * sources). Built from the records as they are at `at`; the one sent is kept on the case, so a
 * filed report reads the same however the records move on. Validated against the shared schema:
 * a report missing a field is never sent.
 */
export async function buildCoafReport(
  ctx: ReportContext,
  c: CaseRow,
  player: PlayerRow | undefined,
  at: Date,
): Promise<AmlCoafReport> {
  const from = new Date(c.openedAt.getTime() - REPORT_LOOKBACK_MS);
  const operatorIds = [c.proposedBy, c.approvedBy].filter((id): id is string => id !== null);
  const [identity, accounts, operators, rows, communicant, money] = await Promise.all([
    ctx.identities.identityOf(c.memberId),
    ctx.accountNames([c.memberId]),
    ctx.operatorNames(operatorIds),
    ctx.operations(c.memberId, from, at),
    ctx.communicant(),
    ctx.money(),
  ]);
  const operations: AmlReportOperation[] = [...rows]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((r) => ({
      date: r.at.toISOString(),
      kind: r.kind,
      amount: formatMinor(r.amountMinor, money.scale),
      amountMinor: r.amountMinor,
      currency: money.currency,
      method: r.method,
      status: r.status,
      reference: r.reference,
    }));
  const total = (kind: AmlReportOperation['kind']) => {
    const of = operations.filter((o) => o.kind === kind);
    const sum = of.reduce((acc, o) => acc + BigInt(o.amountMinor), 0n);
    return { count: of.length, amount: formatMinor(sum, money.scale), amountMinor: sum.toString() };
  };
  const nameOf = (id: string | null) => (id === null ? null : (operators.get(id) ?? id));
  return amlCoafReportSchema.parse({
    format: 'wps-coaf-v1',
    reference: `AML-${c.id}`,
    status: 'draft',
    protocol: null,
    communicant,
    person: {
      memberId: c.memberId,
      account: accounts.get(c.memberId) ?? '',
      cpf: identity?.cpf ?? null,
      fullName: identity?.fullName ?? null,
      birthDate: identity?.birthDate ?? null,
      pep: player?.isPep === true,
      pepRole: player?.isPep ? player.pepRole : null,
    },
    period: { from: from.toISOString(), to: at.toISOString() },
    operations,
    totals: { deposits: total('deposit'), withdrawals: total('withdrawal') },
    grounds: {
      trigger: c.trigger,
      rating: player?.rating ?? 'low',
      reasons: player?.reasons ?? [],
      summary: c.summary,
      narrative: c.narrative,
    },
    detectedAt: c.openedAt.toISOString(),
    preparedBy: nameOf(c.proposedBy),
    approvedBy: nameOf(c.approvedBy),
    generatedAt: at.toISOString(),
  });
}
