import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { licenceRules, vendorProductClass, type JurisdictionProfile, type ProductClass } from '@wps/shared/licence';
import { formatMinor } from '@wps/shared/money';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findLiveGamesOfType, findVendorGames, findVendorRow, type VendorRow } from './catalogue.repository';
import type { Snapshot } from './catalogue-snapshot';

// The catalogue under the licence (docs/compliance.md, "Products the licence allows"): each game's
// and vendor's class of product, what the back office marks as hidden by the licence in force,
// and what stands in the way of a switch to a profile that forbids a product the lobby still offers.

/**
 * A blocker source (licence-changes.ts): every P2P table (a game of type PVP) players can still
 * reach, when `to` forbids P2P tables, by name and vendor. Disabled (or its vendor disabled), a
 * game no longer stands in the way.
 */
export async function catalogueLicenceBlockers(
  trx: Kysely<Database>,
  to: JurisdictionProfile,
): Promise<LicenceBlocker[]> {
  if (!licenceRules(to).forbiddenProducts.includes('p2p_table')) return [];
  return (await findLiveGamesOfType(trx, 'PVP')).map((g) => ({
    kind: 'game',
    id: g.nodeId,
    label: `${g.name} (${g.vendorName})`,
    rule: 'forbiddenProducts',
  }));
}

/** The catalogue's answers about products, over its in-memory copy and the licence's forbidden classes. */
export function createCatalogueLicence(deps: {
  db: Kysely<Database>;
  snapshot: () => Promise<Snapshot>;
  forbidden: () => Promise<readonly ProductClass[]>;
}) {
  return {
    /** GET /ops/vendors: every vendor as stored, each marked when the licence in force hides it (a PVP vendor under BR). */
    async listVendorsForOps(): Promise<(VendorRow & { hiddenByLicence: boolean })[]> {
      const [{ vendors }, forbidden] = await Promise.all([deps.snapshot(), deps.forbidden()]);
      return vendors.map((v) => {
        const product = vendorProductClass(v);
        return { ...v, hiddenByLicence: product !== null && forbidden.includes(product) };
      });
    },

    /** GET /ops/games: a vendor's games as stored (disabled ones too), for operators, each marked when the licence hides it. */
    async listVendorGamesForOps(vassalage: string) {
      const vendor = await findVendorRow(deps.db, vassalage);
      if (!vendor) throw new AppError(ErrorCode.VENDOR_NOT_FOUND, 'No such game vendor', { vassalage });
      const games = await findVendorGames(deps.db, vassalage);
      const [{ classes, scale }, forbidden] = await Promise.all([deps.snapshot(), deps.forbidden()]);
      return {
        vendor,
        games: games.map((g) => {
          const product = classes.get(g.nodeId);
          return {
            ...g,
            minBet: formatMinor(g.minBetMinor, scale),
            minBetMinor: g.minBetMinor.toString(),
            hiddenByLicence: product !== undefined && forbidden.includes(product),
          };
        }),
      };
    },

    /** A game's class of product a licence may forbid (licence.ts), whatever its status or the licence; null for none. */
    async productClassOf(nodeId: string): Promise<ProductClass | null> {
      return (await deps.snapshot()).classes.get(nodeId) ?? null;
    },

    /** A vendor's class of product (a PVP vendor's wallet plays P2P tables); null for none or an unknown vendor. */
    async vendorProductClassOf(vassalage: string): Promise<ProductClass | null> {
      const vendor = (await deps.snapshot()).vendorByCode.get(vassalage);
      return vendor ? vendorProductClass(vendor) : null;
    },

    /** The live P2P tables a switch to a licence that forbids them must switch off first (a blocker source). */
    licenceBlockers: catalogueLicenceBlockers,
  };
}
