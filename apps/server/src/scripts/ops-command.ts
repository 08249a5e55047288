import type { DatabaseHandle } from '../db/database';

// The shape of an operator command. Modules define their commands (<module>.ops.ts) and ops.ts
// lists them; the shape lives here so a module's commands need not import the list.

export type OpsContext = { database: DatabaseHandle; print: (value: unknown) => void };

export type OpsCommand = {
  usage: string;
  description: string;
  run: (ctx: OpsContext, args: string[]) => Promise<void>;
};
