import type { TFunction } from 'i18next';
import type { AuditSearchEntry } from '@wps/shared/schemas/audit';

/** "ana (operator)", "ops-cli:root (system)": the actor's name and kind. */
export function actorLabel(t: TFunction<'audit'>, entry: Pick<AuditSearchEntry, 'actorName' | 'actorType'>): string {
  return `${entry.actorName ?? t('unknownActor')} (${t(`actorTypes.${entry.actorType}`)})`;
}
