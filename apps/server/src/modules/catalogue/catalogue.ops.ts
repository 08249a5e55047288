import type { OpsCommand } from '../../scripts/ops-command';
import { cliActor, opsServicesOf } from '../../scripts/ops-command';

const VENDOR_USAGE = 'vendor:maintenance <vassalage> on|off [reason]';
const GAME_USAGE = 'game:maintenance <nodeId> on|off [reason]';

function parseSwitch(value: string | undefined, usage: string): 'maintenance' | 'active' {
  if (value === 'on') return 'maintenance';
  if (value === 'off') return 'active';
  throw new Error(`not a valid call: usage ${usage}`);
}

/** `npm run ops` commands over the catalogue service (the same one the /ops routes use). */
export const CATALOGUE_COMMANDS: Record<string, OpsCommand> = {
  'vendor:list': {
    usage: 'vendor:list',
    description: 'List every game vendor (disabled ones too) with its category, wallet model and status.',
    async run(ctx) {
      const vendors = await opsServicesOf(ctx).catalogue.listVendors();
      ctx.print(
        vendors.map((v) => ({
          vassalage: v.vassalage,
          name: v.name,
          category: v.category,
          walletModel: v.walletModel,
          status: v.status,
        })),
      );
    },
  },
  'vendor:maintenance': {
    usage: VENDOR_USAGE,
    description: 'Put a game vendor under maintenance (on) or back in service (off). Audited.',
    async run(ctx, [vassalage, onOff, ...reason]) {
      if (!vassalage) throw new Error(`not a valid call: usage ${VENDOR_USAGE}`);
      const status = parseSwitch(onOff, VENDOR_USAGE);
      ctx.print(
        await opsServicesOf(ctx).catalogue.setVendorStatus(
          cliActor(),
          vassalage,
          status,
          reason.length ? reason.join(' ') : `ops-cli ${onOff}`,
        ),
      );
    },
  },
  'game:maintenance': {
    usage: GAME_USAGE,
    description: 'Put one game under maintenance (on) or back in service (off). Audited.',
    async run(ctx, [nodeId, onOff, ...reason]) {
      if (!nodeId) throw new Error(`not a valid call: usage ${GAME_USAGE}`);
      const status = parseSwitch(onOff, GAME_USAGE);
      ctx.print(
        await opsServicesOf(ctx).catalogue.setGameStatus(
          cliActor(),
          nodeId,
          status,
          reason.length ? reason.join(' ') : `ops-cli ${onOff}`,
        ),
      );
    },
  },
};
