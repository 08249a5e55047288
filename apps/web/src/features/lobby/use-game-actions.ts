import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameItem } from '@wps/shared/schemas/catalogue';
import { toast } from '../../components/ui/toast';
import { requireLogin } from '../../lib/login-prompt';
import { translateError } from '../../lib/i18n';
import { useFavouriteIds } from './api/list-favourite-ids';
import { useToggleFavourite } from './api/toggle-favourite';
import { useOpenGame } from './use-open-game';

/** What every game grid needs: favourites (login required) and launching. */
export function useGameActions() {
  const { t } = useTranslation('lobby');
  const favourites = useFavouriteIds();
  const toggle = useToggleFavourite();
  const { openGame, launchingNodeId } = useOpenGame();

  const toggleFavourite = useCallback(
    (game: GameItem) => {
      // A visitor trying an action that needs login gets the login popup.
      if (!requireLogin()) return;
      const isFavourite = !(favourites.data?.has(game.nodeId) ?? false);
      toggle.mutate(
        { game, isFavourite },
        {
          onSuccess: () =>
            toast.success(
              isFavourite
                ? t('favourites.added', { name: game.gameName })
                : t('favourites.removed', { name: game.gameName }),
            ),
          onError: (error) => toast.error(translateError(error)),
        },
      );
    },
    [favourites.data, toggle, t],
  );

  return {
    favouriteIds: favourites.data ?? new Set<string>(),
    toggleFavourite,
    openGame,
    launchingNodeId,
  };
}
