import { z } from 'zod';
import { GAME_CATEGORIES, type GameCategory } from '@wps/shared/catalogue-constants';
import { formatMinor, parseTypedAmount } from '@wps/shared/money';
import {
  MISSION_STATUSES,
  MISSION_STEP_KINDS,
  missionInputSchema,
  type MissionInput,
  type MissionStepKind,
  type OpsMission,
} from '@wps/shared/schemas/missions';
import { WINDOW_PERIODS } from '@wps/shared/reward-period-windows';
import { SITE_MONEY } from '../../lib/money';

/** Steps whose target is an amount of money (typed in the site currency); the others count games or days. */
export const MONEY_STEPS: readonly MissionStepKind[] = ['stake', 'deposit'];
export const MAX_STEPS = 5;

/** What the mission form holds: typed text; amounts as the operator writes them ("20,00"). */
export type MissionFormValues = {
  cadence: (typeof WINDOW_PERIODS)[number];
  titlePt: string;
  titleEn: string;
  status: (typeof MISSION_STATUSES)[number];
  reward: string;
  sortOrder: string;
  steps: { kind: MissionStepKind; category: '' | GameCategory; target: string }[];
  reason: string;
};

export const EMPTY_STEP: MissionFormValues['steps'][number] = { kind: 'stake', category: '', target: '' };

export const EMPTY_MISSION: MissionFormValues = {
  cadence: 'daily',
  titlePt: '',
  titleEn: '',
  status: 'draft',
  reward: '',
  sortOrder: '0',
  steps: [EMPTY_STEP],
  reason: '',
};

const wholeNumber = /^\d{1,9}$/;

/** A form path of the API body's path: the body's `rewardMinor` is the form's `reward`. */
function formPath(path: readonly PropertyKey[]): (string | number)[] {
  const out = path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (out[0] === 'rewardMinor') out[0] = 'reward';
  return out;
}

/**
 * The form's schema for react-hook-form: the typed text read into the API body (amounts to minor
 * units in the interface's locale), then checked by the shared missionInputSchema, so the form
 * refuses what the server would, under the field it concerns.
 */
export function missionFormSchema(locale: string) {
  return z
    .object({
      cadence: z.enum(WINDOW_PERIODS),
      titlePt: z.string(),
      titleEn: z.string(),
      status: z.enum(MISSION_STATUSES),
      reward: z.string(),
      sortOrder: z.string(),
      steps: z.array(
        z.object({
          kind: z.enum(MISSION_STEP_KINDS),
          category: z.union([z.literal(''), z.enum(GAME_CATEGORIES)]),
          target: z.string(),
        }),
      ),
      reason: z.string(),
    })
    .transform((v, ctx): MissionInput => {
      const reward = parseTypedAmount(v.reward, SITE_MONEY.scale, locale);
      if (reward === null) ctx.addIssue({ code: 'custom', path: ['reward'], message: 'amount' });
      const steps = v.steps.map((s, i) => {
        const target = MONEY_STEPS.includes(s.kind)
          ? parseTypedAmount(s.target, SITE_MONEY.scale, locale)
          : wholeNumber.test(s.target.trim())
            ? BigInt(s.target.trim())
            : null;
        if (target === null)
          ctx.addIssue({
            code: 'custom',
            path: ['steps', i, 'target'],
            message: MONEY_STEPS.includes(s.kind) ? 'amount' : 'count',
          });
        return {
          kind: s.kind,
          target: String(target ?? 0n),
          ...(s.kind === 'stake' && s.category ? { category: s.category } : {}),
        };
      });
      const sortOrder = wholeNumber.test(v.sortOrder.trim()) ? Number(v.sortOrder.trim()) : -1;
      const input = {
        cadence: v.cadence,
        titlePt: v.titlePt,
        titleEn: v.titleEn,
        status: v.status,
        rewardMinor: String(reward ?? 0n),
        steps,
        sortOrder,
        reason: v.reason,
      };
      const checked = missionInputSchema.safeParse(input);
      if (!checked.success) {
        for (const issue of checked.error.issues)
          ctx.addIssue({ code: 'custom', path: formPath(issue.path), message: issue.message });
        return z.NEVER;
      }
      return checked.data;
    });
}

/** A saved mission back in the form, amounts in the interface's decimal mark. */
export function toFormValues(m: OpsMission, language: string): MissionFormValues {
  const money = (minor: string) => {
    const text = formatMinor(minor, SITE_MONEY.scale);
    return language === 'pt' ? text.replace('.', ',') : text;
  };
  return {
    cadence: m.cadence,
    titlePt: m.titlePt,
    titleEn: m.titleEn,
    // A waiting mission was asked to go live: saving it asks again.
    status: m.status === 'awaiting_approval' ? 'live' : m.status,
    reward: money(m.rewardMinor),
    sortOrder: String(m.sortOrder),
    steps: m.steps.map((s) => ({
      kind: s.kind,
      category: s.category ?? '',
      target: MONEY_STEPS.includes(s.kind) ? money(s.target) : s.target,
    })),
    reason: '',
  };
}
