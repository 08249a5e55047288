import type { ColumnType, Generated } from 'kysely';
import type { PixKeyType } from '@wps/shared/pix-key';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables owned by the pix module (migration 0360_pix_payments.sql): the sandbox PIX directory. */
export type PixTables = {
  pix_directory_sandbox: {
    id: Generated<string>;
    key_type: PixKeyType | null;
    key_value: string | null;
    owner_cpf: string;
    owner_name: string;
    bank_code: string;
    account_number: string;
    created_at: Timestamp;
  };
};
