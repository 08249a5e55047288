// Which motif and hue a game's name calls for (scripts/draw-game-art.ts): theme words first, then its classify.
import { FONT, hashOf } from './svg';
import type { Motif, MOTIFS } from './motifs';

/**
 * Theme words, in order, with their motif and, for words that carry a temperature, a hue. The first word of the
 * name found here wins; a name with none falls back to its classify.
 */
export const THEMES: [RegExp, keyof typeof MOTIFS | (keyof typeof MOTIFS)[], number?][] = [
  [/lantern/i, 'lantern', 8],
  [/ruby/i, 'gem', 350],
  [/gems?|quartz/i, 'gem'],
  [/jade/i, 'temple', 150],
  [/jungle|amazon|safari/i, 'leaf', 110],
  [/drums|samba|rio|rhythm/i, 'drum'],
  [/carnival/i, 'balloon'],
  [/nebula|cosmic|star/i, 'star', 250],
  [/pharaoh|desert|mirage/i, 'pyramid', 38],
  [/koi|shark|reef|ocean|hunter|coral|blaster/i, 'fish', 195],
  [/kraken/i, 'fish', 265],
  [/orchard|fruits|harvest/i, 'cherry'],
  [/neon|electric|thunder|olympus|lightning/i, 'bolt'],
  [/frost|glacier|winter/i, 'snow', 205],
  [/dragon tiger/i, 'cards'],
  [/dragon|pearl/i, 'pearl'],
  [/candy/i, 'candy', 320],
  [/bison|wolf|fox/i, 'paw'],
  [/treasure|pirate|tiki|plunder/i, 'chest', 30],
  [/moon|midnight/i, 'moon', 235],
  [/tower/i, 'tower'],
  [/temple/i, 'temple'],
  [/lava/i, 'volcano', 10],
  [/heist|cash|fortune/i, 'bag', 130],
  [/viking/i, 'shield'],
  [/bells|xmas/i, 'bell', 0],
  [/zen|garden/i, 'lotus', 160],
  [/rocket/i, 'rocket'],
  [/balloon/i, 'balloon'],
  [/blackjack/i, 'chip'],
  [/poker|teen|rummy|baccarat/i, 'cards'],
  [/bull/i, 'bull'],
  [/roulette|wheel/i, 'wheel'],
  [/sic bo|dice|provable/i, 'dice'],
  [/limbo/i, 'limbo'],
  [/plinko/i, 'pegs'],
  [/house keno/i, 'keno'],
  [/^mines$/i, 'mines'],
  [/^hi-lo$/i, 'hilo'],
  [/^crash$/i, 'bust'],
  [/lucky|fives/i, 'star', 45],
  [/esports/i, ['pad', 'trophy']],
  [/football/i, 'ball'],
  [/cockpit|meron|wala/i, 'feather'],
  [/sport/i, 'ball'],
  [/arena/i, 'feather'],
  [/live/i, 'camera'],
  [/duel|fan tan/i, 'chip'],
];
const BY_CLASSIFY: Record<string, keyof typeof MOTIFS> = {
  slots: 'cherry',
  crash: 'rocket',
  dice: 'dice',
  baccarat: 'cards',
  cards: 'cards',
  table: 'chip',
  'dragon-tiger': 'cards',
  roulette: 'wheel',
  fish: 'fish',
  lobby: 'camera',
};

/** The motif (and a themed hue, when the word has one) a game's art is drawn from; `salt` picks among a word's alternatives. */
export function themeOf(name: string, classify: string, salt = 0): { motif: keyof typeof MOTIFS; hue?: number } {
  for (const [pattern, motifs, hue] of THEMES) {
    if (!pattern.test(name)) continue;
    const motif = Array.isArray(motifs) ? motifs[salt % motifs.length]! : motifs;
    return hue === undefined ? { motif } : { motif, hue };
  }
  return { motif: BY_CLASSIFY[classify] ?? 'chip' };
}

/** The in-house lottery's classifies (quick draws, the Vietnamese lottery, regional draws). */
export const LOTTERY_CLASSIFIES = new Set(['quick', 'vn', 'sea']);

/** Balls with digits taken from the name: every lottery tile shows its own numbers. */
export function lottoMotif(name: string): Motif {
  const h = hashOf(name);
  return (a, b) =>
    [0, 1, 2]
      .map(
        (i) =>
          `<circle cx="${18 + i * 32}" cy="${50 + (i === 1 ? -12 : 8)}" r="16" fill="${i === 1 ? b : a}"/><text x="${18 + i * 32}" y="${57 + (i === 1 ? -12 : 8)}" font-size="17" font-weight="800" text-anchor="middle" fill="#1d1400" ${FONT}>${h[i]! % 50}</text>`,
      )
      .join('');
}
