import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { InhouseRoundResult } from '@wps/shared/schemas/inhouse';
import { Spinner } from '@wps/ui/spinner';
import { translateError } from '../../../lib/i18n';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { useOpenSession } from '../api/open-session';
import { CrashGame } from './crash-game';
import { DiceGame } from './dice-game';
import { FairnessPanel } from './fairness-panel';
import { HiloGame } from './hilo-game';
import { KenoGame } from './keno-game';
import { LimboGame } from './limbo-game';
import { MinesGame } from './mines-game';
import { PlinkoGame } from './plinko-game';
import { SlotGame } from './slot-game';
import '../inhouse.css';
import '../inhouse-dice-lobby.css';
import '../inhouse-originals.css';
import '../inhouse-auto-bet.css';

/** Each in-house game's page body: the slot, the dice and the house originals. */
const GAMES = {
  slot: SlotGame,
  dice: DiceGame,
  limbo: LimboGame,
  plinko: PlinkoGame,
  keno: KenoGame,
  mines: MinesGame,
  hilo: HiloGame,
  crash: CrashGame,
} as const;

const LAUNCH_TOKEN = /^[a-f0-9]{64}$/;

/**
 * /inhouse/play/:game — the in-house game itself, the page the /game iframe frames. It has no
 * site header: like any vendor's game it opens a session with the launch token from its URL
 * and bets through the wallet with that session.
 */
export function InhousePlayPage() {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const { game } = useParams();
  const [params] = useSearchParams();
  const launch = params.get('launch') ?? '';
  const open = useOpenSession();
  const [balanceMinor, setBalanceMinor] = useState<string | null>(null);
  const { mutate } = open;
  const onResult = useCallback(
    (result: Pick<InhouseRoundResult, 'balanceMinor'>) => setBalanceMinor(result.balanceMinor),
    [],
  );

  useEffect(() => {
    if (LAUNCH_TOKEN.test(launch)) mutate(launch);
  }, [launch, mutate]);

  const session = open.data;
  if (!LAUNCH_TOKEN.test(launch) || (session && session.game !== game)) {
    return (
      <main className="ih-play ih-play--message">
        <p role="alert">{t('play.noLaunch')}</p>
        <a href="/inhouse" target="_top">
          {t('play.toLobby')}
        </a>
      </main>
    );
  }
  if (open.error) {
    return (
      <main className="ih-play ih-play--message">
        <p role="alert">{translateError(open.error)}</p>
        <a href="/inhouse" target="_top">
          {t('play.toLobby')}
        </a>
      </main>
    );
  }
  if (!session) {
    return (
      <main className="ih-play ih-play--message" aria-busy="true">
        <Spinner size={28} />
        <span className="visually-hidden">{t('loading')}</span>
      </main>
    );
  }

  const auth = { sessionToken: session.sessionToken, playerId: session.playerId };
  const money = { currency: session.currency, scale: session.scale };
  const Game = GAMES[session.game];

  return (
    <main className={`ih-play ih-play--${session.game}`}>
      <header className="ih-play__bar">
        <h1 className="ih-play__title">{session.gameName}</h1>
        <div className="ih-play__balance">
          <span className="ih-muted">{t('play.balance')}</span>
          <span className="amount" data-testid="inhouse-balance">
            {format(minorToDecimal(balanceMinor ?? session.balanceMinor, money.scale), money)}
          </span>
        </div>
      </header>
      <Game session={session} auth={auth} onResult={onResult} />
      {/* Crash's rounds are proven by its hash chain (in its own panel), not by the player's seeds. */}
      {session.game !== 'crash' && <FairnessPanel auth={auth} />}
    </main>
  );
}
