import { useState } from 'react';
import { useToken } from '../../../lib/session-storage';
import { useServerFavourites } from '../api/get-favourites';
import { useSetFavourite } from '../api/set-favourite';
import { readLocalFavourites, writeLocalFavourites } from '../favourites-store';

/** Favourite games: on the server for a signed-in player, in local storage for a visitor. */
export function useFavourites() {
  const token = useToken();
  const server = useServerFavourites(token);
  const mark = useSetFavourite(token);
  const [local, setLocal] = useState<string[]>(readLocalFavourites);
  const codes = token ? (server.data ?? []) : local;
  const toggle = (gameCode: string) => {
    const favourite = !codes.includes(gameCode);
    if (token) {
      mark.mutate({ gameCode, favourite });
      return;
    }
    const next = favourite ? [...local, gameCode] : local.filter((c) => c !== gameCode);
    writeLocalFavourites(next);
    setLocal(next);
  };
  return { codes, toggle };
}
