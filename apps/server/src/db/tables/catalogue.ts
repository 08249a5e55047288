import type { ColumnType, Generated } from 'kysely';
import type { GameCategory, CatalogueStatus, WalletModel } from '@wps/shared/schemas/catalogue';

type Int8 = ColumnType<string, string, string>;

/** Tables owned by the catalogue module (migrations 0040_catalogue.sql, 0681_game_rtp.sql). */
export type CatalogueTables = {
  game_vendors: {
    vassalage: string;
    name: string;
    category: GameCategory;
    wallet_model: WalletModel;
    status: ColumnType<CatalogueStatus, CatalogueStatus | undefined, CatalogueStatus>;
    sort_order: ColumnType<number, number | undefined, number>;
    is_hot: ColumnType<boolean, boolean | undefined, boolean>;
    created_at: Generated<Date>;
  };
  games: {
    node_id: string;
    vassalage: string;
    game_type: string;
    game_classify: string;
    name: string;
    image: string;
    min_bet_minor: ColumnType<string, string | undefined, string>;
    min_line_num: ColumnType<number, number | undefined, number>;
    status: ColumnType<CatalogueStatus, CatalogueStatus | undefined, CatalogueStatus>;
    sort: ColumnType<number, number | undefined, number>;
    is_hot: ColumnType<boolean, boolean | undefined, boolean>;
    /** Return to player in basis points (migration 0681); null until stated. */
    rtp_bps: ColumnType<number | null, number | null | undefined, number | null>;
    /** Percent of its stakes counted towards bonus wagering (migration 0711); null: its category's share. */
    wagering_weight_pct: ColumnType<number | null, number | null | undefined, number | null>;
    created_at: Generated<Date>;
  };
  game_favourites: {
    member_id: Int8;
    node_id: string;
    created_at: Generated<Date>;
  };
  game_recent: {
    member_id: Int8;
    node_id: string;
    played_at: ColumnType<Date, Date | undefined, Date>;
  };
};
