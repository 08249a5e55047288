import { useTranslation } from 'react-i18next';
import { auditActionLabel } from '../lib/audit-action-label';

/** An audit action by its label, with its code below (what the action filter takes). */
export function AuditAction({ code }: { code: string }) {
  const { t } = useTranslation('audit');
  return (
    <span className="code-label">
      <span className="code-label__label">{auditActionLabel(t, code)}</span>
      <code className="code-label__code">{code}</code>
    </span>
  );
}
