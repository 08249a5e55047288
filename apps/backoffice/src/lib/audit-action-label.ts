import type { TFunction } from 'i18next';

/** 'licence.seed_set' → 'Licence seed set': a code in words, for an action the table lacks. */
export function humanizeAction(code: string): string {
  const words = code.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * An audit action in the interface language: its label (locales/<lng>/audit.json, "actions"),
 * else the label of its family for actions the server builds from a value (settings.<key>,
 * kyc.<status>: "Setting changed: deposit limits"), else the code itself in words. The code
 * stays visible beside it on the audit screens: operators filter by it.
 */
export function auditActionLabel(t: TFunction<'audit'>, code: string): string {
  const own = t(`actions.${code}`, { defaultValue: '' });
  if (typeof own === 'string' && own !== '') return own;
  const parts = code.split('.');
  for (let i = parts.length - 1; i >= 1; i--) {
    const family = t(`actionFamilies.${parts.slice(0, i).join('_')}`, { defaultValue: '' });
    if (family !== '') return `${family}: ${parts.slice(i).join(' ').replace(/_+/g, ' ')}`;
  }
  return humanizeAction(code);
}
