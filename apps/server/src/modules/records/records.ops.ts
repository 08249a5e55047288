import type { OpsCommand } from '../../scripts/ops-command';

/** The records module's operator commands (filled in below as they are built). */
export const RECORDS_COMMANDS: Record<string, OpsCommand> = {};
