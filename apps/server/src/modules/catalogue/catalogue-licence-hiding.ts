import type { ProductClass } from '@wps/shared/licence';
import type { ProductLicence } from '../licence/licence-products';
import { forbiddenKeyOf, type SnapshotLicence } from './catalogue-snapshot';

// What the licence in force hides from players' lists (docs/compliance.md, "Products the licence
// allows"): the classes of product it forbids, among them the lottery games whose draws are a
// foreign lottery's, and, under a licence that asks for a lab certificate, the house originals
// with none on record. Which draws are foreign the lottery module knows, which originals lack a
// certificate the in-house module knows; both are built after the catalogue and hand their answers
// over (services.ts: useForeignLotteries; inhouse.module.ts: useUncertifiedGames).

type LicenceHidingDeps = {
  licence?: Pick<ProductLicence, 'forbidden' | 'certifiesGames'> | undefined;
  /** Drop the catalogue's copies: a handed-over answer changes what players see. */
  evict: () => void;
};

/** The rules a catalogue copy is built under, and what they hide. */
export type LicenceInForce = {
  /** Two copies built under the same key hide the same games. */
  key: string;
  /** What the rules hide now (asks the modules that know). */
  hidden: () => Promise<SnapshotLicence>;
};

const none = async (): Promise<ReadonlySet<string>> => new Set();

export function createLicenceHiding({ licence, evict }: LicenceHidingDeps) {
  let foreignLotteries = none;
  let uncertifiedGames = none;

  /** The classes the licence in force forbids (this instance's copy of the licence). */
  const forbidden = async (): Promise<readonly ProductClass[]> => (await licence?.forbidden()) ?? [];

  return {
    forbidden,

    /**
     * The rules in force now. A switch of licence changes what players see, so a copy built under
     * other rules is not used; a certificate recorded or withdrawn evicts every copy (migration
     * 0735), and a switch that starts or stops asking for certificates changes the key.
     */
    async inForce(): Promise<LicenceInForce> {
      const classes = await forbidden();
      const certifies = (await licence?.certifiesGames()) ?? false;
      return {
        key: `${forbiddenKeyOf(classes)}${certifies ? '|certified' : ''}`,
        hidden: async () => {
          const [foreign, uncertified] = await Promise.all([
            foreignLotteries(),
            certifies ? uncertifiedGames() : new Set<string>(),
          ]);
          return { forbidden: classes, foreignLotteries: foreign, uncertified };
        },
      };
    },

    /** Tell the catalogue which house originals the licence hides for want of a certificate (inhouse.module.ts, once the in-house games are built). */
    useUncertifiedGames(source: () => Promise<ReadonlySet<string>>): void {
      uncertifiedGames = source;
      evict();
    },

    /** Tell the catalogue which lottery games are a foreign lottery's draws (services.ts, once the lottery is built). */
    useForeignLotteries(source: () => Promise<ReadonlySet<string>>): void {
      foreignLotteries = source;
      evict();
    },
  };
}
