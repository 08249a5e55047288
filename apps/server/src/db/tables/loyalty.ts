import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type GeneratedInt8 = ColumnType<string, never, never>;
/** A bigint column: read and written as a decimal string (exact). */
type Int8 = ColumnType<string, string, string>;

/** Tables owned by the loyalty module: points, the points mall, VIP levels and member labels (migrations 0260–0261). */
export type LoyaltyTables = {
  points_settings: {
    id: ColumnType<boolean, never, never>;
    earn_rates: JSONColumnType<Record<string, number>, string, string>;
    conversion_points: number;
    conversion_minor: Int8;
    min_conversion: number;
    version: ColumnType<number, never, number>;
    updated_at: ColumnType<Date, never, Date>;
  };
  points_accounts: {
    member_id: string;
    balance: ColumnType<string, string | undefined, string>;
    earn_remainder: ColumnType<string, string | undefined, string>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
  points_movements: {
    id: GeneratedInt8;
    member_id: string;
    kind: string;
    amount: Int8;
    balance_after: Int8;
    idempotency_key: string;
    reference: string | null;
    created_at: Generated<Date>;
  };
  points_mall_items: {
    id: GeneratedInt8;
    name_pt: string;
    name_en: string;
    kind: string;
    points_price: Int8;
    cash_minor: Int8;
    stock: number | null;
    status: ColumnType<string, string | undefined, string>;
    sort_order: ColumnType<number, number | undefined, number>;
    image_name: string | null;
    image_type: string | null;
    image_bytes: Buffer | null;
    created_at: Generated<Date>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
    /** Migration 0530: the set-up ceilings an offer passed, who asked, who let it go live. */
    ceiling_reasons: ColumnType<string[], string[] | undefined, string[]>;
    asked_by: ColumnType<string | null, string | null | undefined, string | null>;
    approved_by: ColumnType<string | null, string | null | undefined, string | null>;
    approved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  points_redemptions: {
    id: GeneratedInt8;
    member_id: string;
    item_id: string;
    item_name_pt: string;
    item_name_en: string;
    item_kind: string;
    points: Int8;
    status: string;
    reason: string | null;
    resolved_by: string | null;
    resolved_at: Date | null;
    created_at: Generated<Date>;
  };
  vip_settings: {
    id: ColumnType<boolean, never, never>;
    window_days: number;
    review_period: string;
    updated_at: ColumnType<Date, never, Date>;
  };
  vip_levels: {
    rank_level: number;
    label_name: string;
    color: string;
    color2: string;
    turnover_minor: Int8;
    deposit_minor: Int8;
    points_multiplier_pct: number;
    upgrade_bonus_kind: string;
    upgrade_bonus: Int8;
    monthly_bonus_kind: string;
    monthly_bonus: Int8;
    benefits_pt: string;
    benefits_en: string;
  };
  vip_member_days: {
    member_id: string;
    day: ColumnType<string, string, string>;
    turnover_minor: Int8;
    deposit_minor: Int8;
  };
  vip_members: {
    member_id: string;
    rank_level: number;
    reached_at: ColumnType<Date, Date | undefined, Date>;
    reviewed_period: string | null;
  };
  member_labels: {
    id: GeneratedInt8;
    label_name: string;
    color: string;
  };
  member_label_assignments: {
    member_id: string;
    label_id: string;
  };
};
