import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GameItem } from '@wps/shared/schemas/catalogue';
import { ErrorCode } from '@wps/shared/error-codes';
import { toast } from '../../components/ui/toast';
import { requireLogin } from '../../lib/login-prompt';
import { useLaunchGame } from '../../lib/api/launch-game';
import { isApiError } from '../../lib/api-client';
import { translateError } from '../../lib/i18n';
import { useVendorLanes } from './api/get-vendor-lanes';
import { closeLobbyOverlay, openMaintenance } from './lobby-store';
import { lotteryGamePath } from './vendor-routes';

/**
 * Game launching from the lobby: login first (a visitor gets the login popup), then the
 * maintenance message for a game or vendor under maintenance, else the gateway's launch, which
 * opens /game. A maintenance switch that happened after the list loaded is caught by the
 * launch's error code and shown the same way. Our own lottery's games open their lottery page
 * (/lottery, /vnlottery or /seaLottery with the game's code) instead of a game frame.
 */
export function useOpenGame() {
  const launch = useLaunchGame();
  const navigate = useNavigate();
  const { mappingVendor } = useVendorLanes();
  const [launchingNodeId, setLaunchingNodeId] = useState<string | null>(null);

  const openGame = useCallback(
    (game: GameItem) => {
      if (!requireLogin()) return;
      const vendor = mappingVendor[game.vassalage];
      if (vendor?.status === 'maintenance') return openMaintenance('vendor', vendor.name);
      if (game.status === 'maintenance') return openMaintenance('game', game.gameName);
      const lotteryPage = lotteryGamePath(game);
      if (lotteryPage) {
        closeLobbyOverlay();
        return void navigate(lotteryPage);
      }
      setLaunchingNodeId(game.nodeId);
      launch.mutate(
        { nodeId: game.nodeId, vassalage: game.vassalage, gameId: game.nodeId },
        {
          onSuccess: () => closeLobbyOverlay(),
          onError: (error) => {
            if (isApiError(error, ErrorCode.GAME_MAINTENANCE)) openMaintenance('game', game.gameName);
            else if (isApiError(error, ErrorCode.VENDOR_MAINTENANCE))
              openMaintenance('vendor', vendor?.name ?? game.vendorName);
            else toast.error(translateError(error));
          },
          onSettled: () => setLaunchingNodeId(null),
        },
      );
    },
    [launch, mappingVendor, navigate],
  );

  return { openGame, launchingNodeId };
}
