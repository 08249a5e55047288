import { useTranslation } from 'react-i18next';
import type { AmlReason } from '@wps/shared/schemas/aml';

/** What a rating was computed from: the PEP status and each monitoring rule's flags, with the points each adds. */
export function AmlReasons({ reasons, label }: { reasons: readonly AmlReason[]; label: string }) {
  const { t } = useTranslation('aml');
  const textOf = (r: AmlReason) => {
    if (r.kind === 'pep') return r.detail ? t('reasons.pep', { role: r.detail }) : t('reasons.pepNoRole');
    return t('reasons.signal', { rule: t(`rules.${r.rule ?? ''}`, { ns: 'monitoring' }), flags: r.count });
  };
  if (reasons.length === 0) return <p>{t('standing.noReasons')}</p>;
  return (
    <ul className="aml-reasons" aria-label={label}>
      {reasons.map((r) => (
        <li key={`${r.kind}:${r.rule ?? ''}`}>
          {textOf(r)} <span className="aml-points">{t('reasons.points', { points: r.points })}</span>
        </li>
      ))}
    </ul>
  );
}
