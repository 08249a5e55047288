import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { isLotteryFamily, type LotteryFamily } from '@wps/shared/lottery/types';
import type { LotteryTicketView } from '@wps/shared/schemas/lottery';
import { useFormats } from '../../../lib/format';
import { useLotteryTickets, type TicketStatusFilter } from '../api/get-tickets';
import { useDescribeSelection } from './bet-slip';
import { useLotteryMoney } from './use-lottery-money';

function TicketRow({ ticket, family }: { ticket: LotteryTicketView; family: LotteryFamily }) {
  const { t } = useTranslation('lottery');
  const formats = useFormats();
  const money = useLotteryMoney();
  const describe = useDescribeSelection(family);
  return (
    <li
      className={`lot-ticket lot-ticket--${ticket.status}`}
      data-testid="lottery-ticket"
      data-status={ticket.status}
      data-numero={ticket.numero}
      data-ticket-id={ticket.ticketId}
    >
      <div className="lot-ticket__head">
        <strong>{t('tickets.draw', { gameCode: ticket.gameCode, numero: ticket.numero })}</strong>
        <span className={`lot-status lot-status--${ticket.status}`} data-testid="lottery-ticket-status">
          {t(`status.${ticket.status}`)}
        </span>
      </div>
      <ul className="lot-ticket__selections">
        {ticket.selections.map((s, i) => (
          <li key={i}>
            {describe(s)}{' '}
            <span className="lot-muted">
              {t('tickets.lines', { count: s.lines, stake: money.minor(s.stakePerLineMinor) })}
            </span>
            {s.requestedPerLineMinor ? (
              <span className="lot-muted">
                {' '}
                {t('tickets.trimmedFrom', { requested: money.minor(s.requestedPerLineMinor) })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="lot-ticket__money">
        {t('tickets.stake')} {money.minor(ticket.stakeMinor)}
        {ticket.payoutMinor !== null ? (
          <>
            {' · '}
            {t('tickets.payout')} <strong data-testid="lottery-ticket-payout">{money.minor(ticket.payoutMinor)}</strong>
          </>
        ) : null}
        <span className="lot-muted"> · {formats.dateTime(ticket.placedAt)}</span>
      </p>
    </li>
  );
}

function TicketList({
  status,
  isAwaiting,
  familyOf,
}: {
  status: TicketStatusFilter;
  isAwaiting: (t: LotteryTicketView) => boolean;
  familyOf: (gameCode: string) => LotteryFamily | null;
}) {
  const { t } = useTranslation('lottery');
  const tickets = useLotteryTickets(status, isAwaiting);
  const { list } = tickets;
  return (
    <section
      className="lot-tickets__col"
      aria-labelledby={`lot-tickets-${status}`}
      data-testid={`lottery-tickets-${status}`}
    >
      <h3 id={`lot-tickets-${status}`}>{t(`tickets.${status}`)}</h3>
      {tickets.isLoading ? <p className="lot-muted">{t('loading')}</p> : null}
      {!tickets.isLoading && list.length === 0 ? <p className="lot-muted">{t('tickets.none')}</p> : null}
      <ul className="lot-ticket-list">
        {list.map((ticket) => {
          const family = familyOf(ticket.gameCode);
          return family ? <TicketRow key={ticket.ticketId} ticket={ticket} family={family} /> : null;
        })}
      </ul>
      {tickets.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void tickets.fetchNextPage()}
          disabled={tickets.isFetchingNextPage}
          data-testid={`lottery-tickets-more-${status}`}
        >
          {tickets.isFetchingNextPage ? t('loading') : t('tickets.more')}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * The player's open and settled tickets. `currentNumero` is the page game's draw taking bets: an
 * open ticket of that game on another draw has had its cut-off, so the list looks again until it settles.
 */
export function MyTickets({
  gameCode,
  currentNumero,
  families,
}: {
  gameCode: string;
  currentNumero: string | null;
  families: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation('lottery');
  const isAwaiting = (ticket: LotteryTicketView) => ticket.gameCode === gameCode && ticket.numero !== currentNumero;
  const familyOf = (code: string) => {
    const family = families.get(code);
    return family && isLotteryFamily(family) ? family : null;
  };
  return (
    <section className="lot-tickets" aria-labelledby="lot-tickets-title">
      <h2 id="lot-tickets-title">{t('tickets.title')}</h2>
      <div className="lot-tickets__cols">
        <TicketList status="open" isAwaiting={isAwaiting} familyOf={familyOf} />
        <TicketList status="settled" isAwaiting={() => false} familyOf={familyOf} />
      </div>
    </section>
  );
}
