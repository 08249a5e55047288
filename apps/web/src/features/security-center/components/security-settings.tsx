import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecuritySummary } from '@wps/shared/schemas/security';
import { Button } from '@wps/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { translateError } from '../../../lib/i18n';
import { useSecuritySummary } from '../api/get-security-summary';
import { BankAccountForm } from './bank-account-form';
import { EmailBindForm } from './email-bind-form';
import { MobileBindForm } from './mobile-bind-form';
import { PayeeNameForm } from './payee-name-form';
import { PaymentPasswordForm } from './payment-password-form';
import { PixKeyForm } from './pix-key-form';
import '../security-center.css';

type ItemKey = 'payeeName' | 'paymentPassword' | 'bank' | 'pix' | 'email' | 'mobile';

type ItemProps = {
  title: string;
  status: ReactNode;
  hint?: ReactNode;
  /** The action button label; none when the item cannot be changed any more. */
  actionLabel?: string | undefined;
  isOpen: boolean;
  onToggle: () => void;
  isDone?: boolean;
  children?: ReactNode;
  testId: string;
};

/** One security setting: its state, and an action that opens its form below it. */
function SecurityItem({
  title,
  status,
  hint,
  actionLabel,
  isOpen,
  onToggle,
  isDone = false,
  children,
  testId,
}: ItemProps) {
  const { t } = useTranslation('security');
  const regionId = useId();
  const titleId = useId();
  return (
    <li className={`sec-item${isOpen ? ' is-open' : ''}`} data-testid={testId}>
      <div className="sec-item__head">
        <span className={`sec-item__mark${isDone ? ' is-done' : ''}`} aria-hidden="true">
          {isDone ? <CheckIcon /> : null}
        </span>
        <div className="sec-item__text">
          <p id={titleId} className="sec-item__title">
            {title}
          </p>
          <div className="sec-item__status">{status}</div>
        </div>
        {actionLabel ? (
          <Button
            variant={isOpen ? 'ghost' : 'secondary'}
            size="sm"
            aria-expanded={isOpen}
            aria-controls={regionId}
            onClick={onToggle}
          >
            {isOpen ? t('cancel') : actionLabel}
          </Button>
        ) : null}
      </div>
      {hint ? <p className="sec-item__hint">{hint}</p> : null}
      {isOpen && actionLabel ? (
        <div id={regionId} className="sec-item__body">
          {children}
        </div>
      ) : null}
    </li>
  );
}

/** The bank accounts of the summary, masked, with the count against the maximum. */
function BankAccountList({ summary }: { summary: SecuritySummary }) {
  const { t } = useTranslation('security');
  if (summary.bankAccounts.length === 0) return <span>{t('bank.empty')}</span>;
  return (
    <ul className="sec-banks">
      {summary.bankAccounts.map((account) => (
        <li key={account.id} className="sec-bank">
          <span className="sec-bank__name">
            {account.pixKeyType ? `PIX · ${t(`pix.types.${account.pixKeyType}`)}` : account.bankName}
          </span>
          <span className="sec-bank__number">{account.pixKeyMasked ?? account.accountNumberMasked}</span>
          <span className="sec-bank__holder">{account.holderName}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The security centre's settings: real name, payment password, bank accounts and
 * the e-mail and mobile links, each with its form. Bound items show as done and offer no action.
 */
export function SecuritySettings() {
  const { t } = useTranslation('security');
  const { data: summary, isLoading, error, refetch } = useSecuritySummary();
  const [open, setOpen] = useState<ItemKey | null>(null);
  const toggle = (key: ItemKey) => setOpen((current) => (current === key ? null : key));
  const close = () => setOpen(null);

  if (isLoading) {
    return (
      <div className="sec-skeleton" aria-busy="true">
        <span className="visually-hidden">{t('title')}</span>
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="skeleton sec-skeleton__row" />
        ))}
      </div>
    );
  }
  if (error || !summary) {
    return (
      <div className="sec-error" role="alert">
        <p>{error ? translateError(error) : t('loadError')}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }

  const canAddBank = summary.payeeName !== null && summary.bankAccounts.length < summary.maxBankAccounts;
  const bankHint = summary.payeeName === null ? t('bank.needPayee') : !canAddBank ? t('bank.full') : t('bank.hint');
  return (
    <section className="sec" aria-labelledby="sec-title">
      <h4 id="sec-title" className="sec__title">
        {t('title')}
      </h4>
      <ul className="sec-list">
        <SecurityItem
          testId="sec-payee-name"
          title={t('payeeName.title')}
          status={summary.payeeName ?? t('notSet')}
          hint={
            summary.payeeName ? t('locked') : summary.payeeNameFromIdentity ? t('payeeName.fromIdentity') : undefined
          }
          isDone={summary.payeeName !== null}
          // Under a licence that identifies players the name is the one the identity check read: nothing to type.
          actionLabel={summary.payeeName || summary.payeeNameFromIdentity ? undefined : t('payeeName.action')}
          isOpen={open === 'payeeName'}
          onToggle={() => toggle('payeeName')}
        >
          <PayeeNameForm onDone={close} />
        </SecurityItem>
        <SecurityItem
          testId="sec-payment-password"
          title={t('paymentPassword.title')}
          status={summary.hasPaymentPassword ? t('set') : t('notSet')}
          hint={t('paymentPassword.hint')}
          isDone={summary.hasPaymentPassword}
          actionLabel={summary.hasPaymentPassword ? t('paymentPassword.changeAction') : t('paymentPassword.setAction')}
          isOpen={open === 'paymentPassword'}
          onToggle={() => toggle('paymentPassword')}
        >
          <PaymentPasswordForm isChange={summary.hasPaymentPassword} onDone={close} />
        </SecurityItem>
        <SecurityItem
          testId="sec-bank-accounts"
          title={`${t('bank.title')} · ${t('bank.count', { count: summary.bankAccounts.length, max: summary.maxBankAccounts })}`}
          status={<BankAccountList summary={summary} />}
          hint={bankHint}
          isDone={summary.bankAccounts.length > 0}
          actionLabel={canAddBank ? t('bank.action') : undefined}
          isOpen={open === 'bank'}
          onToggle={() => toggle('bank')}
        >
          {summary.payeeName ? <BankAccountForm payeeName={summary.payeeName} onDone={close} /> : null}
        </SecurityItem>
        <SecurityItem
          testId="sec-pix-keys"
          title={t('pix.title')}
          status={summary.bankAccounts.some((a) => a.pixKeyType) ? t('pix.bound') : t('pix.empty')}
          hint={
            summary.payeeName === null
              ? t('bank.needPayee')
              : !canAddBank
                ? t('bank.full')
                : summary.ownAccountsOnly
                  ? t('pix.ownHint')
                  : t('pix.hint')
          }
          isDone={summary.bankAccounts.some((a) => a.pixKeyType)}
          actionLabel={canAddBank ? t('pix.action') : undefined}
          isOpen={open === 'pix'}
          onToggle={() => toggle('pix')}
        >
          <PixKeyForm ownAccountsOnly={summary.ownAccountsOnly} onDone={close} />
        </SecurityItem>
        <SecurityItem
          testId="sec-email"
          title={t('email.title')}
          status={
            <>
              {summary.email ? <span className="sec-item__value">{summary.email}</span> : null}
              <span className={`sec-badge${summary.emailVerified ? ' is-on' : ''}`}>
                {summary.emailVerified ? t('verified') : t('notVerified')}
              </span>
            </>
          }
          hint={summary.emailVerified ? t('locked') : t('email.hint')}
          isDone={summary.emailVerified}
          actionLabel={summary.emailVerified ? undefined : t('email.action')}
          isOpen={open === 'email'}
          onToggle={() => toggle('email')}
        >
          <EmailBindForm onDone={close} />
        </SecurityItem>
        <SecurityItem
          testId="sec-mobile"
          title={t('mobile.title')}
          status={
            <>
              {summary.mobile ? <span className="sec-item__value">{summary.mobile}</span> : null}
              <span className={`sec-badge${summary.mobileVerified ? ' is-on' : ''}`}>
                {summary.mobileVerified ? t('verified') : t('notVerified')}
              </span>
            </>
          }
          hint={summary.mobileVerified ? t('locked') : t('mobile.hint')}
          isDone={summary.mobileVerified}
          actionLabel={summary.mobileVerified ? undefined : t('mobile.action')}
          isOpen={open === 'mobile'}
          onToggle={() => toggle('mobile')}
        >
          <MobileBindForm onDone={close} />
        </SecurityItem>
      </ul>
    </section>
  );
}
