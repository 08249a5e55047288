import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { AmlPepStatus, AmlPlayer } from '@wps/shared/schemas/aml';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { IdentityDirectory } from '../identity/identity-directory';
import { findPlayer, type PlayerRow } from './aml.repository';

type PlayersContext = {
  db: Kysely<Database>;
  identities: Pick<IdentityDirectory, 'identityOf'>;
  accountNames: (memberIds: string[]) => Promise<Map<string, string>>;
};

/** A player's standing as the back office shows it: the rating with its reasons and the PEP status. */
export function createAmlPlayers({ db, identities, accountNames }: PlayersContext) {
  function pepStatus(row: PlayerRow | undefined, hasIdentity: boolean): AmlPepStatus {
    if (row?.isPep === true) return 'pep';
    if (row?.isPep === false) return 'clear';
    return hasIdentity ? 'unscreened' : 'no_identity';
  }

  return {
    /** GET /ops/aml/players/:memberId (`player`) with the stored row; PLAYER_NOT_FOUND for an unknown id. */
    async view(memberId: string): Promise<{ player: AmlPlayer; row: PlayerRow | undefined }> {
      const [row, identity, names] = await Promise.all([
        findPlayer(db, memberId),
        identities.identityOf(memberId),
        accountNames([memberId]),
      ]);
      const account = names.get(memberId);
      if (account === undefined) throw new AppError(ErrorCode.PLAYER_NOT_FOUND, 'No such player', { memberId });
      const player: AmlPlayer = {
        memberId,
        account,
        rating: row?.rating ?? 'low',
        points: row?.points ?? 0,
        reasons: row?.reasons ?? [],
        pep: pepStatus(row, Boolean(identity?.cpf)),
        pepRole: row?.isPep ? row.pepRole : null,
        pepCheckedAt: row?.pepCheckedAt?.toISOString() ?? null,
        ratedAt: row?.ratedAt?.toISOString() ?? null,
      };
      return { player, row };
    },
  };
}

export type AmlPlayers = ReturnType<typeof createAmlPlayers>;
