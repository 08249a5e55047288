import type { Selection } from './lottery-rules';

// The names a ticket goes by in the seamless wallet, and the slip a player sends. Kept apart from
// placing and settling so both can use them without importing each other.

export type SlipSelection = Selection & { stakePerLineMinor: bigint };

export type PlaceInput = {
  memberId: string;
  gameCode: string;
  /** The draw to bet on; the one open now when absent. */
  numero?: string | undefined;
  selections: SlipSelection[];
  /** What to do when a number's liability room is smaller than the stake: trim it, or refuse the ticket. */
  onLimit: 'trim' | 'refuse';
  idempotencyKey: string;
};

/**
 * A player's round in the seamless wallet's round records for one draw: every ticket the player
 * places on the draw is a bet in it, and it closes once the draw's wins are paid. One round per
 * player and draw, not per ticket: settling a draw then closes as many rounds as it has players
 * (tens of thousands), not as many as it has tickets (a million), and the betting record shows
 * the player's tickets on a draw together.
 */
export function drawRoundId(drawId: string, memberId: string): string {
  return `ld-${drawId}-${memberId}`;
}

/** The wallet transaction ids of one ticket: its stake, its win, its refund when the draw is voided. */
export function ticketTxId(ticketId: string, kind: 'bet' | 'win' | 'void'): string {
  return `lt-${ticketId}-${kind}`;
}
