import type { LedgerKind } from './ledger-kinds';

/**
 * The operator's licence as data: one typed object per jurisdiction profile, each rule with the
 * text it comes from. The server's licence module (apps/server/src/modules/licence) keeps which
 * profile an operator runs under and answers every door through one port; the site and the back
 * office read the same object to show what the licence asks. docs/compliance.md has the rule table.
 *
 * - `permissive`: the generic site (no national identity, no mandatory protections).
 * - `BR`: Brazil, Law 14.790/2023 and the Ministry of Finance's ordinances (SPA/MF), with the UK
 *   Gambling Commission's rules where Brazil's are silent.
 */
export const JURISDICTION_PROFILES = ['permissive', 'BR'] as const;
export type JurisdictionProfile = (typeof JURISDICTION_PROFILES)[number];

/**
 * The doors the licence is asked at: every entry point that creates an account, opens a session,
 * moves money into, out of or between wallets, stakes money or pays a reward.
 */
export const LICENCE_DOORS = [
  /** A new player account (registration, an agent's register centre, an identity provider's sign-up). */
  'account.create',
  /** A session opens (password, SMS code, exchange code, identity provider, new-device code). */
  'session.open',
  /** Money enters a player's wallet other than as a game's result or a reward (deposit, an operator's credit, an agent's pay). */
  'money.in',
  /** Money leaves for the player's own account (a withdrawal). */
  'money.out',
  /** Money from one player's wallet to another's (to the upline agent, to a downline). */
  'money.transfer',
  /** Money staked on a game (a bet, a lottery ticket, money sent to a vendor's wallet to play). */
  'stake',
  /** A reward paid (cash, bonus money, points turned into cash, a registration bonus). */
  'reward.pay',
] as const;
export type LicenceDoor = (typeof LICENCE_DOORS)[number];

/**
 * The door each ledger kind passes, or null for a kind that only completes or undoes what a door
 * already let through (a win settles an admitted stake; a reversal returns the player's own money)
 * or never touches a player's account. A Record, so a new kind does not compile until it is placed.
 */
export const LEDGER_KIND_DOORS: Record<LedgerKind, LicenceDoor | null> = {
  deposit: 'money.in',
  withdrawal: 'money.out',
  withdrawal_reversal: null,
  withdrawal_payout: null,
  transfer_upline: 'money.transfer',
  transfer_downline: 'money.transfer',
  registration_bonus: 'reward.pay',
  // Trial money against the demo house: no real money, no door.
  freeplay_demo_credit: null,
  adjustment: 'money.in',
  bet: 'stake',
  win: null,
  rollback: null,
  vendor_transfer_hold: 'stake',
  vendor_transfer_in: 'stake',
  vendor_transfer_out: null,
  vendor_transfer_void: null,
  vendor_result: null,
  reward_cash: 'reward.pay',
  bonus_grant: 'reward.pay',
  bonus_conversion: 'reward.pay',
  bonus_forfeit: null,
  points_conversion: 'reward.pay',
  points_redeem_cash: 'reward.pay',
  agent_salary: 'money.in',
  agent_dividend: 'money.in',
};

/** Where a rule comes from, and whether its text was read in the primary source or taken from a summary of it. */
export type RuleSource = { citation: string; read: 'primary' | 'summary' };

export type DepositMethod = 'pix' | 'bank_transfer' | 'card' | 'crypto' | 'cash' | 'other';

/**
 * Kinds of product a licence may forbid, whatever the vendor:
 * - `p2p_table`: a table where players play each other (poker and the other PVP card games, the
 *   catalogue's game type `PVP`): the house is no party to the bet and takes a rake, so it is no
 *   fixed-odds bet;
 * - `foreign_lottery`: a draw whose result is another country's official lottery draw (the
 *   Vietnamese xổ số: the lottery game's `result_country`), sold as bets on it;
 * - `animal_fight`: bets on fights between animals (the catalogue's cockfight category and game
 *   type `COCKFIGHT`), where staging the fight is itself unlawful.
 */
export const PRODUCT_CLASSES = ['p2p_table', 'foreign_lottery', 'animal_fight'] as const;
export type ProductClass = (typeof PRODUCT_CLASSES)[number];

/** A catalogue game's product class (null: none a licence singles out). */
export function gameProductClass(game: { gameType: string }): ProductClass | null {
  if (game.gameType === 'PVP') return 'p2p_table';
  return game.gameType === 'COCKFIGHT' ? 'animal_fight' : null;
}

/** A vendor's product class: a vendor of the PVP category runs P2P tables (money sent to its wallet is staked on them). */
export function vendorProductClass(vendor: { category: string }): ProductClass | null {
  if (vendor.category === 'PVP') return 'p2p_table';
  return vendor.category === 'COCKFIGHT' ? 'animal_fight' : null;
}

/** A lottery game's product class: a foreign lottery's draw when its results are another country's official draw. */
export function lotteryProductClass(game: { resultCountry: string | null }): ProductClass | null {
  return game.resultCountry === null ? null : 'foreign_lottery';
}

/** Whether the licence's forbidden classes hide this lottery game from players (menus, lists, the live stream). */
export function lotteryGameHidden(game: { resultCountry: string | null }, forbidden: readonly ProductClass[]): boolean {
  const product = lotteryProductClass(game);
  return product !== null && forbidden.includes(product);
}

/** What a licence asks of the whole site. Each field is one rule; `LicenceProfile.sources` says where it comes from. */
export type LicenceRules = {
  /** The national identity every player registers with ('cpf': Brazil's taxpayer number, one account per CPF). */
  identity: 'none' | 'cpf';
  /** Registration asks for the date of birth and refuses anyone younger than this. */
  minimumAge: number | null;
  /** Identity checked by a KYC provider before a withdrawal (and before deposits past a low limit). */
  kyc: boolean;
  /** Every CPF checked against the regulator's barred-persons list (at sign-up, daily login, every 15 days). */
  barredList: boolean;
  /** Registration asks for deposit, loss and time limits: no deposit or stake until they are set. */
  limitsAtSignUp: boolean;
  /** Registration asks for the player's residential address (street and number, district, city, state, CEP). */
  addressAtSignUp: boolean;
  /** Registration asks for the player's gender (registration-details.ts: GENDERS). */
  genderAtSignUp: boolean;
  /**
   * An account registered without a confirmed contact (by username) confirms an e-mail or a mobile
   * number by a code before it may stake or move money; a registration by mobile with its SMS code
   * has confirmed one.
   */
  contactConfirmation: boolean;
  /** Deposit methods allowed (Brazil: PIX and bank transfer from the player's own CPF; no cards, crypto or cash). */
  depositMethods: readonly DepositMethod[] | 'any';
  /** Withdrawals only to accounts and PIX keys under the player's own identity. */
  ownAccountsOnly: boolean;
  /** Money may move from one player's wallet to another's (an agent to a downline, a member to the upline). */
  transfersBetweenPlayers: boolean;
  /** Reward kinds the operator may not give. */
  forbiddenRewardKinds: readonly string[];
  /** Events a reward may not be triggered by. */
  forbiddenRewardTriggers: readonly string[];
  /** A reward may depend on deposits (first deposit, amounts deposited). */
  depositConditions: boolean;
  /** Money credited to every new account when it is created. */
  signUpBonus: boolean;
  /**
   * The site may advertise a bonus or an advance: content flagged as a bonus offer, or whose words
   * name one (bonus-offers.ts lists the words), in banners, promotions, announcements, help and the terms.
   */
  bonusAdvertising: boolean;
  /** A reward rule triggered by a change of VIP level may pay money (cash or bonus money); points stay allowed. */
  moneyOnLevelChange: boolean;
  /** A player's session ends after this many minutes without activity, on every instance (null: the site's own setting). */
  sessionIdleMinutes: number | null;
  /** Products the operator may not offer: hidden from every list and menu, refused at launch and at every stake. */
  forbiddenProducts: readonly ProductClass[];
  /**
   * Each online game offered holds a certificate from an accredited testing lab. For the house's
   * own originals (no vendor's certification covers them) that means the operator's record of
   * theirs (lab, certificate number, date): an original without one is hidden and refused.
   */
  certifiedGames: boolean;
  /**
   * A member the barred-persons list finds (at a day's first login or in the sweep) is told, and has
   * this many days to take their balance out before the account is closed (null: no window).
   */
  barredWithdrawalDays: number | null;
  /** Days after that window by which the operator must have paid back what is left, to an account of the player's own (null: none). */
  barredRefundDays: number | null;
};

export type LicenceRule = keyof LicenceRules;

export type LicenceProfile = {
  profile: JurisdictionProfile;
  rules: LicenceRules;
  /** The source of each rule the profile sets (a permissive rule has none). */
  sources: Partial<Record<LicenceRule, RuleSource>>;
};

const LAW_14790 = 'Lei 14.790/2023';

export const LICENCE_PROFILES: Record<JurisdictionProfile, LicenceProfile> = {
  permissive: {
    profile: 'permissive',
    rules: {
      identity: 'none',
      minimumAge: null,
      kyc: false,
      barredList: false,
      limitsAtSignUp: false,
      addressAtSignUp: false,
      genderAtSignUp: false,
      contactConfirmation: false,
      depositMethods: 'any',
      ownAccountsOnly: false,
      transfersBetweenPlayers: true,
      forbiddenRewardKinds: [],
      forbiddenRewardTriggers: [],
      depositConditions: true,
      signUpBonus: true,
      bonusAdvertising: true,
      moneyOnLevelChange: true,
      sessionIdleMinutes: null,
      forbiddenProducts: [],
      certifiedGames: false,
      barredWithdrawalDays: null,
      barredRefundDays: null,
    },
    sources: {},
  },
  BR: {
    profile: 'BR',
    rules: {
      identity: 'cpf',
      minimumAge: 18,
      kyc: true,
      barredList: true,
      limitsAtSignUp: true,
      addressAtSignUp: true,
      genderAtSignUp: true,
      contactConfirmation: true,
      depositMethods: ['pix', 'bank_transfer'],
      ownAccountsOnly: true,
      transfersBetweenPlayers: false,
      forbiddenRewardKinds: ['bonus'],
      forbiddenRewardTriggers: ['registered', 'deposit_credited'],
      depositConditions: false,
      signUpBonus: false,
      bonusAdvertising: false,
      moneyOnLevelChange: false,
      sessionIdleMinutes: 30,
      forbiddenProducts: ['p2p_table', 'foreign_lottery', 'animal_fight'],
      certifiedGames: true,
      barredWithdrawalDays: 2,
      barredRefundDays: 2,
    },
    sources: {
      identity: { citation: `${LAW_14790} arts. 23 and 26; Portaria SPA/MF 1.231/2024`, read: 'summary' },
      minimumAge: { citation: `${LAW_14790} art. 26 I`, read: 'summary' },
      kyc: { citation: 'Portaria SPA/MF 722/2024 (identity before play)', read: 'summary' },
      barredList: { citation: 'Instrução Normativa SPA/MF 31/2025', read: 'summary' },
      limitsAtSignUp: {
        citation: 'Portaria SPA/MF 1.231/2024 (responsible gambling at sign-up: deposit, loss and time limits)',
        read: 'summary',
      },
      addressAtSignUp: {
        citation:
          'Portaria SPA/MF 1.231/2024, as amended by Portaria SPA/MF 2.579/2025 (registration data: residential address)',
        read: 'summary',
      },
      genderAtSignUp: {
        citation: 'Portaria SPA/MF 1.231/2024, as amended by Portaria SPA/MF 2.579/2025 (registration data: gender)',
        read: 'summary',
      },
      contactConfirmation: {
        citation:
          'Portaria SPA/MF 1.231/2024, as amended by Portaria SPA/MF 2.579/2025 (e-mail or mobile confirmed at registration)',
        read: 'summary',
      },
      depositMethods: { citation: 'Portaria SPA/MF 615/2024 (payment transactions)', read: 'summary' },
      ownAccountsOnly: {
        citation: 'Portaria SPA/MF 615/2024 (payments only to the bettor’s own account)',
        read: 'summary',
      },
      transfersBetweenPlayers: {
        citation: `${LAW_14790} art. 26 (no betting through someone else); Portaria SPA/MF 615/2024`,
        read: 'summary',
      },
      forbiddenRewardKinds: { citation: `${LAW_14790} art. 29 I; Portaria SPA/MF 1.231/2024 art. 42`, read: 'summary' },
      forbiddenRewardTriggers: { citation: `${LAW_14790} art. 29 I`, read: 'summary' },
      depositConditions: { citation: `${LAW_14790} art. 29 I; Portaria SPA/MF 1.231/2024 art. 42`, read: 'summary' },
      signUpBonus: { citation: `${LAW_14790} art. 29 I (no advance or bonus)`, read: 'summary' },
      bonusAdvertising: {
        citation: `${LAW_14790} art. 29 I (no advance or bonus, even as advertising); Portaria SPA/MF 1.231/2024 (advertising)`,
        read: 'summary',
      },
      moneyOnLevelChange: {
        citation: `${LAW_14790} art. 29 I; Portaria SPA/MF 1.231/2024 art. 42 (a level is reached by deposits too)`,
        read: 'summary',
      },
      sessionIdleMinutes: {
        citation: 'Portaria SPA/MF 1.207/2024 (online games: session ends after 30 minutes idle)',
        read: 'summary',
      },
      forbiddenProducts: {
        citation: `${LAW_14790} art. 3 (fixed-odds bets only); Portaria SPA/MF 1.207/2024 (online games); Lei 9.605/1998 art. 32 (cruelty to animals: cockfights are unlawful, STF ADI 1.856)`,
        read: 'summary',
      },
      certifiedGames: {
        citation:
          'Portaria SPA/MF 1.207/2024 (online games: each game offered certified by a testing lab accredited by the SPA); Portaria SPA/MF 722/2024 (certification requirements)',
        read: 'summary',
      },
      barredWithdrawalDays: {
        citation: 'Instrução Normativa SPA/MF 31/2025 (the player told within a day, two days to withdraw)',
        read: 'summary',
      },
      barredRefundDays: {
        citation: 'Instrução Normativa SPA/MF 31/2025 (what is left paid back within two days of the closing)',
        read: 'summary',
      },
    },
  },
};

/** A profile's rules. */
export function licenceRules(profile: JurisdictionProfile): LicenceRules {
  return LICENCE_PROFILES[profile].rules;
}

/** A rule's source under a profile, as the refusal and the back office name it ("" when the profile sets none). */
export function ruleSource(profile: JurisdictionProfile, rule: LicenceRule): string {
  return LICENCE_PROFILES[profile].sources[rule]?.citation ?? '';
}
