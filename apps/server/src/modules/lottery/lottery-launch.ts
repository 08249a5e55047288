import type { InternalLaunch } from '../gateway/vendor-connections';

/**
 * Where a lottery game opens. The lottery's pages are the site's own, so a launch (the lobby's
 * game card, or the original client's lottery launch with launchMode 'LOTT', lottoArea, prize
 * mode, game code and view) answers a path on this site rather than a vendor's URL, and no
 * launch token travels in it: bets go through the player's own session.
 *
 * The page follows the game's catalogue classify ('quick', 'vn', 'sea'), which the launch's
 * prize mode or Vietnam area overrides when the client names one.
 */
export function lotteryLaunchPath(input: Pick<InternalLaunch, 'nodeId' | 'classify' | 'lottery'>): string {
  const { prizeMode, lottoArea, playType, view } = input.lottery;
  const kind =
    prizeMode === 'SEA'
      ? 'sea'
      : prizeMode === 'Lott' || lottoArea === 'VN'
        ? 'vn'
        : prizeMode === 'Elott'
          ? 'quick'
          : input.classify;
  const page = kind === 'sea' ? '/seaLottery' : kind === 'vn' ? '/vnlottery' : '/lottery';
  const query = new URLSearchParams({ gameCode: input.nodeId });
  if (playType) query.set('playType', playType);
  if (view) query.set('view', view);
  return `${page}?${query.toString()}`;
}
