/** Every lottery query sits under ['ops', 'lottery']: a result, a review or a void moves draws, tickets, the queue and the reports together. */
export const lotteryKey = ['ops', 'lottery'] as const;
