/**
 * A Northern (VN-MB) draw's full result as an operator types it: the seven prizes and the special
 * one, 27 prize numbers in all. The special prize ends in 27 (đề 27 wins), and the prizes' two-digit
 * endings are 01 to 25 and 27 twice (lô on any of them wins), so a slip on 22 and 27 wins every bet
 * type it holds.
 */
export const NORTHERN_RESULT_ENDING_27 = {
  kind: 'prizes',
  prizes: [
    { tier: 'special', numbers: ['00127'] },
    { tier: 'first', numbers: ['11127'] },
    { tier: 'second', numbers: ['22201', '22202'] },
    { tier: 'third', numbers: ['33303', '33304', '33305', '33306', '33307', '33308'] },
    { tier: 'fourth', numbers: ['4409', '4410', '4411', '4412'] },
    { tier: 'fifth', numbers: ['5513', '5514', '5515', '5516', '5517', '5518'] },
    { tier: 'sixth', numbers: ['619', '620', '621'] },
    { tier: 'seventh', numbers: ['22', '23', '24', '25'] },
  ],
} as const;
