import { z } from 'zod';
import { formatMinor, formatTypedAmount } from '@wps/shared/money';
import {
  MONITORING_RULE_SETTINGS,
  MONITORING_RULES,
  monitoringSettingsSchema,
  type MonitoringSettings,
} from '@wps/shared/schemas/monitoring';
import { typedAmountSchema } from '@wps/shared/schemas/typed-amount';

/*
 * The monitoring thresholds' form: the shared settings schema (the server's own rules), with the
 * numbers and amounts an operator types as text turned into the values that schema takes.
 */

export type RuleGroup = (typeof MONITORING_RULE_SETTINGS)[keyof typeof MONITORING_RULE_SETTINGS];
type Thresholds<G extends RuleGroup> = Exclude<keyof MonitoringSettings[G], 'enabled'>;

/** How a threshold is typed: a whole number, an hour of the day, or an amount in the site currency. */
export type FieldKind = 'int' | 'hour' | 'money';
export type ThresholdField = { name: string; kind: FieldKind; min: number; max: number };

/** What the form holds: each rule's switch, and its thresholds as typed. */
export type MonitoringFormValues = { enabled: boolean } & {
  [G in RuleGroup]: { enabled: boolean } & Record<Thresholds<G>, string>;
};

const KINDS: { [G in RuleGroup]: Record<Thresholds<G>, FieldKind> } = {
  depositsRising: { factorPercent: 'int', minRecentMinor: 'money', baselineWeeks: 'int' },
  nightPlay: { startHour: 'hour', endHour: 'hour', minNights: 'int' },
  lossChasing: { afterLossMinutes: 'int', stakeRaisePercent: 'int', minChases: 'int', minNetLossMinor: 'money' },
  withdrawalsReversed: { playWithinHours: 'int', minReversals: 'int' },
  limitsRaised: { minRaises: 'int' },
};

/** The group's shared schema fields (zod 4 keeps a refined object's shape): whole numbers, and amounts as minor-unit strings. */
function shapeOf(group: RuleGroup): Record<string, z.ZodNumber | z.ZodString | z.ZodBoolean> {
  return monitoringSettingsSchema.shape[group].shape;
}

/** Each rule's thresholds in screen order, with the bounds the shared schema puts on whole numbers. */
export const RULE_FIELDS: Record<RuleGroup, readonly ThresholdField[]> = Object.fromEntries(
  MONITORING_RULES.map((rule) => {
    const group = MONITORING_RULE_SETTINGS[rule];
    const fields = Object.entries(KINDS[group] as Record<string, FieldKind>).map(([name, kind]) => {
      const rule = shapeOf(group)[name];
      return {
        name,
        kind,
        min: rule instanceof z.ZodNumber ? (rule.minValue ?? 0) : 0,
        max: rule instanceof z.ZodNumber ? (rule.maxValue ?? 0) : 0,
      };
    });
    return [group, fields];
  }),
) as unknown as Record<RuleGroup, readonly ThresholdField[]>;

/** A whole number typed in a text field; anything else becomes NaN for the shared rule to refuse. */
const typedInteger = z.string().transform((text) => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : Number.NaN));

/**
 * The form's schema for the site currency's `scale` in the operator's `locale` ("500,00" in
 * pt-BR): each field checked by its shared rule where it is typed, then each group by its shared
 * schema (the night's start and end differ), so the output is exactly what PUT takes.
 */
export function monitoringFormSchema(scale: number, locale: string) {
  const groups = Object.fromEntries(
    Object.entries(RULE_FIELDS).map(([group, fields]) => {
      const shape: Record<string, z.ZodType> = { enabled: z.boolean() };
      for (const f of fields) {
        const rule = shapeOf(group as RuleGroup)[f.name]!;
        if (rule instanceof z.ZodString) shape[f.name] = typedAmountSchema(scale, locale).transform(String).pipe(rule);
        else if (rule instanceof z.ZodNumber) shape[f.name] = typedInteger.pipe(rule);
      }
      return [group, z.object(shape).pipe(monitoringSettingsSchema.shape[group as RuleGroup])];
    }),
  );
  return z.object({ enabled: z.boolean(), ...groups }).pipe(monitoringSettingsSchema) as unknown as z.ZodType<
    MonitoringSettings,
    MonitoringFormValues
  >;
}

/** The stored settings as the form shows them: amounts written as the operator types them in `locale`. */
export function toFormValues(settings: MonitoringSettings, scale: number, locale: string): MonitoringFormValues {
  const out: Record<string, unknown> = { enabled: settings.enabled };
  for (const [group, fields] of Object.entries(RULE_FIELDS) as [RuleGroup, readonly ThresholdField[]][]) {
    const values = settings[group] as Record<string, unknown>;
    const typed: Record<string, unknown> = { enabled: values.enabled };
    for (const f of fields) {
      const value = values[f.name];
      typed[f.name] =
        f.kind === 'money' ? formatTypedAmount(formatMinor(String(value), scale), scale, locale) : String(value);
    }
    out[group] = typed;
  }
  return out as MonitoringFormValues;
}
