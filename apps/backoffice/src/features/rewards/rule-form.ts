import type { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import { parseTypedAmount } from '@wps/shared/money';
import {
  ruleInputSchema,
  type CAP_PERIODS,
  type REWARD_TRIGGERS,
  type RULE_REWARD_KINDS,
  type TOTAL_PERIODS,
  type Rule,
  type RuleInput,
} from '@wps/shared/schemas/rewards';
import { isoToLocal, localToIso } from '../../lib/zoned-datetime';

/** Money kinds are typed as amounts in the site currency; the others as whole numbers. */
export const MONEY_KINDS: readonly string[] = ['cash', 'bonus'];

/** What the rule form holds: typed text, amounts as the operator writes them, times in the operator's zone. */
export type RuleFormValues = {
  name: string;
  /** The promotion the rule pays for ('' for none): players see its rewards under it. */
  promotionId: string;
  /** Only players who joined that promotion in its current period. */
  joinedPromotion: boolean;
  trigger: (typeof REWARD_TRIGGERS)[number];
  delivery: 'auto' | 'claim';
  kind: (typeof RULE_REWARD_KINDS)[number];
  mode: 'fixed' | 'percent';
  amount: string;
  percent: string;
  maxAmount: string;
  wageringMultiple: string;
  firstDeposit: boolean;
  depositMin: string;
  turnoverPeriod: '' | (typeof TOTAL_PERIODS)[number];
  turnoverMin: string;
  turnoverCategory: '' | (typeof GAME_CATEGORIES)[number];
  roundCategories: string[];
  vipLevelMin: string;
  perPlayerCap: string;
  capPeriod: (typeof CAP_PERIODS)[number];
  totalCapCount: string;
  startsAt: string;
  endsAt: string;
};

export const EMPTY_RULE: RuleFormValues = {
  name: '',
  promotionId: '',
  joinedPromotion: false,
  trigger: 'deposit_credited',
  delivery: 'auto',
  kind: 'cash',
  mode: 'fixed',
  amount: '',
  percent: '',
  maxAmount: '',
  wageringMultiple: '',
  firstDeposit: false,
  depositMin: '',
  turnoverPeriod: '',
  turnoverMin: '',
  turnoverCategory: '',
  roundCategories: [],
  vipLevelMin: '',
  perPlayerCap: '',
  capPeriod: 'none',
  totalCapCount: '',
  startsAt: '',
  endsAt: '',
};

export type RuleField = keyof RuleFormValues;

const SCALE = 2;
const wholeNumber = /^\d{1,9}$/;

/** A typed amount in the kind's unit as minor units / whole units; null when it does not read. */
function unitAmount(text: string, money: boolean, locale: string): bigint | null {
  if (!money) return wholeNumber.test(text.trim()) ? BigInt(text.trim()) : null;
  return parseTypedAmount(text, SCALE, locale);
}

/** The percentage as basis points ("2,5" or "2.5" → 250); null when it does not read. */
function basisPoints(text: string): number | null {
  const m = /^(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
  return bp > 0 ? bp : null;
}

/**
 * The API body from the form, or the fields that do not read. The shared ruleInputSchema checks
 * the result once more, so the form and the server refuse the same rules.
 */
export function toRuleInput(
  v: RuleFormValues,
  timeZone: string,
  locale: string,
): { input: RuleInput } | { errors: RuleField[] } {
  const errors: RuleField[] = [];
  const money = MONEY_KINDS.includes(v.kind);
  const amount = v.mode === 'fixed' ? unitAmount(v.amount, money, locale) : null;
  if (v.mode === 'fixed' && (amount === null || amount <= 0n)) errors.push('amount');
  const bp = v.mode === 'percent' ? basisPoints(v.percent) : null;
  if (v.mode === 'percent' && bp === null) errors.push('percent');
  const maxAmount = v.maxAmount.trim() ? unitAmount(v.maxAmount, money, locale) : undefined;
  if (maxAmount === null) errors.push('maxAmount');
  const depositMin = v.depositMin.trim() ? parseTypedAmount(v.depositMin, SCALE, locale) : undefined;
  if (depositMin === null) errors.push('depositMin');
  const turnoverMin = v.turnoverPeriod ? parseTypedAmount(v.turnoverMin, SCALE, locale) : undefined;
  if (turnoverMin === null) errors.push('turnoverMin');
  const vipLevelMin = v.vipLevelMin.trim() ? Number(v.vipLevelMin) : undefined;
  if (vipLevelMin !== undefined && !(Number.isInteger(vipLevelMin) && vipLevelMin >= 0 && vipLevelMin <= 100))
    errors.push('vipLevelMin');
  const perPlayerCap = v.perPlayerCap.trim() ? Number(v.perPlayerCap) : null;
  if (perPlayerCap !== null && !(Number.isInteger(perPlayerCap) && perPlayerCap >= 1)) errors.push('perPlayerCap');
  const totalCapCount = v.totalCapCount.trim() ? Number(v.totalCapCount) : null;
  if (totalCapCount !== null && !(Number.isInteger(totalCapCount) && totalCapCount >= 1)) errors.push('totalCapCount');
  const wagering = v.kind === 'bonus' && v.wageringMultiple.trim() ? Number(v.wageringMultiple) : undefined;
  if (wagering !== undefined && !(Number.isInteger(wagering) && wagering >= 0 && wagering <= 200))
    errors.push('wageringMultiple');
  const startsAt = v.startsAt ? localToIso(v.startsAt, timeZone) : null;
  const endsAt = v.endsAt ? localToIso(v.endsAt, timeZone) : null;
  if (startsAt && endsAt && endsAt <= startsAt) errors.push('endsAt');
  if (!v.name.trim()) errors.push('name');
  if (errors.length) return { errors };

  const input: RuleInput = {
    name: v.name.trim(),
    promotionId: v.promotionId || null,
    trigger: v.trigger,
    delivery: v.delivery,
    conditions: {
      ...(v.promotionId && v.joinedPromotion ? { joinedPromotion: true } : {}),
      ...(v.firstDeposit ? { firstDeposit: true } : {}),
      ...(depositMin ? { depositMin: depositMin.toString() } : {}),
      ...(v.turnoverPeriod && turnoverMin !== undefined && turnoverMin !== null
        ? {
            turnoverInPeriod: {
              period: v.turnoverPeriod,
              min: turnoverMin.toString(),
              ...(v.turnoverCategory ? { category: v.turnoverCategory } : {}),
            },
          }
        : {}),
      ...(v.roundCategories.length ? { roundCategories: v.roundCategories as (typeof GAME_CATEGORIES)[number][] } : {}),
      ...(vipLevelMin !== undefined ? { vipLevelMin } : {}),
    },
    reward: {
      kind: v.kind,
      ...(amount ? { amount: amount.toString() } : {}),
      ...(bp ? { percentBp: bp } : {}),
      ...(maxAmount ? { maxAmount: maxAmount.toString() } : {}),
      params: wagering !== undefined ? { wageringMultiple: wagering } : {},
    },
    perPlayerCap,
    capPeriod: perPlayerCap ? v.capPeriod : 'none',
    totalCapCount,
    startsAt,
    endsAt,
  };
  const checked = ruleInputSchema.safeParse(input);
  if (!checked.success) return { errors: checked.error.issues.map((i) => fieldOfPath(i.path.map(String))) };
  return { input };
}

/** A server or schema path (`reward.amount`, `conditions.depositMin`) as the form's field. */
export function fieldOfPath(path: string[]): RuleField {
  const last = path.filter((p) => p !== 'body').at(-1) ?? 'name';
  const map: Record<string, RuleField> = {
    percentBp: 'percent',
    min: 'turnoverMin',
    kind: 'kind',
    depositMax: 'depositMin',
    vipLevelMax: 'vipLevelMin',
  };
  const field = (map[last] ?? last) as RuleField;
  return field in EMPTY_RULE ? field : 'name';
}

/** A saved rule back in the form (editing a draft or a paused rule). */
export function toFormValues(rule: Rule, timeZone: string, format: (minor: string) => string): RuleFormValues {
  const money = MONEY_KINDS.includes(rule.reward.kind);
  const unit = (v: string | undefined) => (v === undefined ? '' : money ? format(v) : v);
  const c = rule.conditions;
  return {
    ...EMPTY_RULE,
    name: rule.name,
    promotionId: rule.promotionId ?? '',
    joinedPromotion: Boolean(c.joinedPromotion),
    trigger: rule.trigger,
    delivery: rule.delivery,
    kind: rule.reward.kind,
    mode: rule.reward.percentBp ? 'percent' : 'fixed',
    amount: unit(rule.reward.amount),
    percent: rule.reward.percentBp ? String(rule.reward.percentBp / 100) : '',
    maxAmount: unit(rule.reward.maxAmount),
    wageringMultiple:
      rule.reward.params['wageringMultiple'] !== undefined ? String(rule.reward.params['wageringMultiple']) : '',
    firstDeposit: Boolean(c.firstDeposit),
    depositMin: c.depositMin ? format(c.depositMin) : '',
    turnoverPeriod: c.turnoverInPeriod?.period ?? '',
    turnoverMin: c.turnoverInPeriod ? format(c.turnoverInPeriod.min) : '',
    turnoverCategory: c.turnoverInPeriod?.category ?? '',
    roundCategories: c.roundCategories ?? [],
    vipLevelMin: c.vipLevelMin !== undefined ? String(c.vipLevelMin) : '',
    perPlayerCap: rule.perPlayerCap ? String(rule.perPlayerCap) : '',
    capPeriod: rule.capPeriod,
    totalCapCount: rule.totalCapCount ? String(rule.totalCapCount) : '',
    startsAt: isoToLocal(rule.startsAt, timeZone),
    endsAt: isoToLocal(rule.endsAt, timeZone),
  };
}
