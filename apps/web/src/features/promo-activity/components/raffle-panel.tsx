import { useTranslation } from 'react-i18next';
import { hashServerSeed } from '@wps/shared/provably-fair';
import { drawRaffleWinners } from '@wps/shared/raffle-draw';
import type { Raffle } from '@wps/shared/schemas/promo';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney, minorToDecimal } from '../../../lib/money';
import { getToken } from '../../../lib/session-storage';
import { useClaimRaffleTickets } from '../api/claim-raffle-tickets';
import { useRaffle } from '../api/get-raffle';

/** Whether a drawn raffle's seed matches its commitment and its winners follow from it (checked here, in the browser). */
function isVerified(raffle: Raffle): boolean {
  if (!raffle.serverSeed) return false;
  const expected = drawRaffleWinners(raffle.serverSeed, raffle.id, raffle.ticketCount, raffle.prizes.length);
  return (
    hashServerSeed(raffle.serverSeed) === raffle.serverSeedHash &&
    expected.length === raffle.winners.length &&
    expected.every((t, i) => raffle.winners[i]?.ticket === t)
  );
}

/**
 * One raffle of the promotion: prizes, draw time, the commitment (the seed's SHA-256, shown
 * before the draw), the player's tickets and the claim button; once drawn, the winners, the
 * revealed seed and this page's own check of both (scripts/verify-raffle.mjs does the same).
 */
export function RafflePanel({ raffleId }: { raffleId: string }) {
  const { t } = useTranslation('promo');
  const raffle = useRaffle(raffleId);
  const claim = useClaimRaffleTickets();
  const formats = useFormats();
  const formatMoney = useFormatMoney();
  if (!raffle.data) return null;
  const r = raffle.data;
  const prize = (p: Raffle['prizes'][number]) =>
    p.rewardKind === 'points'
      ? t('raffle.points', { count: Number(p.amount) })
      : formatMoney(minorToDecimal(p.amount, r.scale), { currency: r.currency, scale: r.scale });
  const titleId = `raffle-${r.id}-title`;
  const onClaim = () =>
    claim.mutate(r.id, {
      onSuccess: (result) => toast.success(t('raffle.claimedToast', { count: result.claimed.length })),
      onError: (error) => toast.error(translateError(error)),
    });
  return (
    <article className="raffle" aria-labelledby={titleId}>
      <h2 id={titleId} className="raffle__title">
        {r.title}
      </h2>
      <dl className="raffle__facts">
        <dt>{t('raffle.drawAt')}</dt>
        <dd>{formats.dateTime(r.drawAt)}</dd>
        <dt>{t('raffle.status')}</dt>
        <dd>{t(`raffle.statuses.${r.status}`)}</dd>
        <dt>{t('raffle.ticketCount')}</dt>
        <dd>{formats.number(r.ticketCount, 0)}</dd>
        <dt>{t('raffle.commitment')}</dt>
        <dd className="raffle__hash" data-testid="raffle-hash">
          {r.serverSeedHash}
        </dd>
        {r.serverSeed && (
          <>
            <dt>{t('raffle.seed')}</dt>
            <dd className="raffle__hash" data-testid="raffle-seed">
              {r.serverSeed}
            </dd>
          </>
        )}
      </dl>
      <h3 className="raffle__subtitle">{t('raffle.prizes')}</h3>
      <ol className="raffle__prizes">
        {r.prizes.map((p) => {
          const winner = r.winners.find((w) => w.rank === p.rank);
          return (
            <li key={p.rank}>
              <span>{prize(p)}</span>
              {winner && (
                <span className="raffle__winner">
                  {t('raffle.winner', { ticket: winner.ticket, account: winner.account })}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {r.status === 'drawn' && (
        <p className={`raffle__verified${isVerified(r) ? '' : ' is-failed'}`}>
          {isVerified(r) ? t('raffle.verified') : t('raffle.notVerified')}
        </p>
      )}
      {getToken() && (
        <div className="raffle__mine">
          <p>
            {r.mine.tickets.length > 0
              ? t('raffle.myTickets', { tickets: r.mine.tickets.join(', ') })
              : t('raffle.noTickets')}
          </p>
          {r.status === 'open' && r.mine.claimable > 0 && (
            <Button size="sm" loading={claim.isPending} onClick={onClaim}>
              {t('raffle.claim', { count: r.mine.claimable })}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
