import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { licenceRules, ruleSource, type JurisdictionProfile } from '@wps/shared/licence';
import { INHOUSE_GAMES, type InhouseGameKind } from '@wps/shared/schemas/inhouse';
import {
  needsCertificate,
  type InhouseCertificateBody,
  type InhouseCertificateChange,
  type StoredCertificate,
} from '@wps/shared/schemas/inhouse-certificates';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { LicenceSubject } from '../licence/licence-policy';
import {
  deleteCertificate,
  findAllCertificates,
  findCertificate,
  hasCertificate,
  upsertCertificate,
  type CertificateRow,
} from './inhouse-certificates.repository';
import { requireInhouseGame, type InhouseActor, type InhouseCataloguePort } from './inhouse-settings';

type Db = Kysely<Database>;

/**
 * What the in-house games ask the licence (services.ts composes it from the licence module): the
 * stake door, asked in the transaction that places a round or a crash bet; and the profile in
 * force, from this instance's copy, for what players are shown and may launch.
 */
export type InhouseLicencePort = {
  ask(trx: Db, door: 'stake', subject: LicenceSubject): Promise<unknown>;
  profile(): Promise<JurisdictionProfile>;
};

/** The stake door's subject for a round of `nodeId`: the game rides along when it is one a licence may ask a certificate of. */
export function stakeSubject(memberId: string, nodeId: string): LicenceSubject {
  const game = INHOUSE_GAMES[nodeId as keyof typeof INHOUSE_GAMES] as InhouseGameKind | undefined;
  return game !== undefined && needsCertificate(game) ? { memberId, game: nodeId } : { memberId };
}

function view(c: CertificateRow | undefined): StoredCertificate | null {
  return c ? { lab: c.lab, number: c.number, issuedOn: c.issuedOn, recordedAt: c.recordedAt.toISOString() } : null;
}

/**
 * The house originals' lab certificates (docs/compliance.md, "House originals and their
 * certificates"): the operator records one per original in the back office, audited; under a
 * licence whose certifiedGames rule asks for one, an original without one is left out of players'
 * lists (the catalogue asks `uncertifiedOriginals`), refused at launch (`refuseLaunch`), and refused
 * at the stake door of every new round (licence-checks.ts `certifiedHouseGame` reads `isCertified`).
 */
export function createInhouseCertificates(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  catalogue: Pick<InhouseCataloguePort, 'findGame'>;
  licence: InhouseLicencePort;
  now: () => Date;
}) {
  const { db, audit, licence } = deps;

  async function asksCertificates(): Promise<JurisdictionProfile | null> {
    const profile = await licence.profile();
    return licenceRules(profile).certifiedGames ? profile : null;
  }

  return {
    /** Read in the stake door's transaction (licence-checks.ts): whether the original has a certificate on record. */
    isCertified: (trx: Db, nodeId: string) => hasCertificate(trx, nodeId),

    /** Every certificate on record, as the back office lists them. */
    async listCertificates(): Promise<Map<string, StoredCertificate>> {
      return new Map([...(await findAllCertificates(db))].map(([id, c]) => [id, view(c)!]));
    },

    /**
     * The originals the licence in force hides for want of a certificate (empty when it asks for
     * none): the catalogue leaves them out of every player list.
     */
    async uncertifiedOriginals(): Promise<ReadonlySet<string>> {
      if ((await asksCertificates()) === null) return new Set();
      const certified = await findAllCertificates(db);
      return new Set(
        (Object.entries(INHOUSE_GAMES) as [string, InhouseGameKind][])
          .filter(([nodeId, game]) => needsCertificate(game) && !certified.has(nodeId))
          .map(([nodeId]) => nodeId),
      );
    },

    /**
     * The gateway asks before it launches an in-house game: an original without a certificate
     * where the licence asks for one is not launched (GAME_NOT_CERTIFIED). A launch moves no money,
     * so it reads the profile rather than asking a door; the round that follows asks.
     */
    async refuseLaunch(nodeId: string): Promise<void> {
      const game = INHOUSE_GAMES[nodeId as keyof typeof INHOUSE_GAMES] as InhouseGameKind | undefined;
      if (game === undefined || !needsCertificate(game)) return;
      const profile = await asksCertificates();
      if (profile === null || (await hasCertificate(db, nodeId))) return;
      throw new AppError(ErrorCode.GAME_NOT_CERTIFIED, `The ${profile} licence refuses this (certifiedGames)`, {
        rule: 'certifiedGames',
        profile,
        source: ruleSource(profile, 'certifiedGames'),
        game: nodeId,
      });
    },

    /**
     * PUT /ops/inhouse-games/:nodeId/certificate: record (or replace) an original's certificate, or
     * withdraw it (null). Only an original takes one (VALIDATION_FAILED otherwise); a day of issue
     * after today is refused. The change and its audit entry (before and after) commit together;
     * every instance's catalogue hears of it (the table's trigger, migration 0735).
     */
    async setCertificate(
      actor: InhouseActor,
      nodeId: string,
      { certificate, reason }: InhouseCertificateBody,
    ): Promise<InhouseCertificateChange> {
      const game = requireInhouseGame(nodeId);
      if (!needsCertificate(game) || !(await deps.catalogue.findGame(nodeId)))
        throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such house original', { nodeId });
      const at = deps.now();
      if (certificate && certificate.issuedOn > at.toISOString().slice(0, 10))
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'issuedOn: after today', {
          fields: [{ field: 'body.certificate.issuedOn', message: 'future' }],
        });
      return db.transaction().execute(async (t) => {
        const before = view(await findCertificate(t, nodeId, { lock: true }));
        let after: StoredCertificate | null = null;
        if (certificate) after = view(await upsertCertificate(t, nodeId, certificate, at));
        else await deleteCertificate(t, nodeId);
        await audit.record(t, {
          ...actor,
          action: 'inhouse_game.certificate',
          subjectType: 'game',
          subjectId: nodeId,
          reason,
          before,
          after,
        });
        return { nodeId, before, after };
      });
    },
  };
}

export type InhouseCertificates = ReturnType<typeof createInhouseCertificates>;
