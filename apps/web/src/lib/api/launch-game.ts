import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LaunchGameBody, LaunchGameResult } from '@wps/shared/schemas/gateway';
import { apiRequest } from '../api-client';
import { getLanguageCode } from '../i18n';
import { requireLogin } from '../login-prompt';
import { gamePageUrl } from '../delivery';
import { storeGameUrl } from '../game-url';
import { permissionQueryOptions } from './get-permission';

/** POST /wps/game/launchGame (token): the iframe URL with a short-lived, single-use launch token. */
export function launchGame(body: LaunchGameBody): Promise<LaunchGameResult> {
  return apiRequest<LaunchGameResult>('/wps/game/launchGame', {
    method: 'POST',
    body: {
      accountType: 1,
      confirmTrans: 0,
      launchMode: 'GLS',
      platform: 'html5-desktop',
      clientType: 3,
      language: getLanguageCode().toLowerCase(),
      ...body,
    },
  });
}

/**
 * Game launching: a visitor gets the login popup instead; a player's launch stores the
 * iframe URL in session storage and opens /game. PVP vendors answer in `content`.
 */
export function useLaunchGame() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: launchGame,
    onSuccess: (result, body) => {
      // An in-house game's page (a path on the site) opens on the tab's game CDN when the operator set any.
      const permission = queryClient.getQueryData(permissionQueryOptions.queryKey);
      storeGameUrl(gamePageUrl(permission, result.game_url || result.content), {
        nodeId: String(body.nodeId),
        vassalage: body.vassalage,
      });
      // The lobby's recent-games strip gains this game.
      void queryClient.invalidateQueries({ queryKey: ['lobby'] });
      void navigate('/game');
    },
  });
  return {
    ...mutation,
    /** Launch, or open the login popup for a visitor (the mutation is then not called). */
    mutate: (body: LaunchGameBody, options?: Parameters<typeof mutation.mutate>[1]) => {
      if (!requireLogin()) return;
      mutation.mutate(body, options);
    },
  };
}
