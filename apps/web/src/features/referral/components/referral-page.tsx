import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import type { ReferralSummary } from '@wps/shared/schemas/referral';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { copyText } from '../../../lib/clipboard';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { useReferralSummary } from '../api/get-referral-summary';
import './referral.css';

/** The link a friend registers through: this site's registration page with the member's code. */
function inviteLink(code: string): string {
  return `${window.location.origin}/register?referralCode=${encodeURIComponent(code)}`;
}

function useMoney(summary: ReferralSummary) {
  const formatMoney = useFormatMoney();
  return (minor: string) =>
    formatMoney(minorToDecimal(minor, summary.scale), { currency: summary.currency, scale: summary.scale });
}

/** Link, code and QR code, each copied with one press. */
function InviteCard({ summary }: { summary: ReferralSummary }) {
  const { t } = useTranslation('referral');
  const [copied, setCopied] = useState<'link' | 'code' | null>(null);
  const link = inviteLink(summary.code);
  const copy = async (what: 'link' | 'code', text: string) => {
    // Without the clipboard (an insecure origin, an old browser) the text stays on screen to select.
    if (!(await copyText(text))) {
      toast.error(t('copyFailed'));
      return;
    }
    setCopied(what);
    toast.success(t('copied'));
  };
  return (
    <section className="referral-invite" aria-label={t('inviteLabel')}>
      <div className="referral-invite__qr">
        <QRCodeSVG value={link} size={128} level="M" bgColor="#ffffff" fgColor="#000000" title={t('qrLabel')} />
      </div>
      <dl className="referral-invite__fields">
        <dt>{t('link')}</dt>
        <dd>
          <span className="referral-invite__value" data-testid="referral-link">
            {link}
          </span>
          <Button variant="secondary" onClick={() => void copy('link', link)}>
            {copied === 'link' ? t('copiedShort') : t('copyLink')}
          </Button>
        </dd>
        <dt>{t('code')}</dt>
        <dd>
          <span className="referral-invite__value" data-testid="referral-code">
            {summary.code}
          </span>
          <Button variant="secondary" onClick={() => void copy('code', summary.code)}>
            {copied === 'code' ? t('copiedShort') : t('copyCode')}
          </Button>
        </dd>
      </dl>
    </section>
  );
}

/** Refer and earn (member page `referral`): the invitation, the terms, the invited players' progress and the rewards. */
export function ReferralPage() {
  const { t } = useTranslation('referral');
  const query = useReferralSummary();
  const formats = useFormats();
  if (query.isPending) return <p className="referral-state">{t('loading')}</p>;
  if (query.isError) {
    return (
      <div className="referral-state" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const summary = query.data;
  return <ReferralContent summary={summary} formats={formats} />;
}

function ReferralContent({ summary, formats }: { summary: ReferralSummary; formats: ReturnType<typeof useFormats> }) {
  const { t } = useTranslation('referral');
  const money = useMoney(summary);
  if (!summary.enabled) return <p className="referral-state">{t('off')}</p>;
  const { terms, totals } = summary;
  return (
    <div className="referral-page">
      <p className="referral-page__intro">
        {t('terms', {
          reward: money(terms.rewardMinor),
          deposit: money(terms.minFirstDepositMinor),
          turnover: money(terms.minTurnoverMinor),
          days: formats.number(terms.withinDays),
        })}
      </p>
      <InviteCard summary={summary} />
      <ul className="referral-totals" aria-label={t('totalsLabel')}>
        <li>
          <span>{t('totals.invited')}</span>
          <strong>{formats.number(totals.invited)}</strong>
        </li>
        <li>
          <span>{t('totals.qualified')}</span>
          <strong>{formats.number(totals.qualified)}</strong>
        </li>
        <li>
          <span>{t('totals.paid')}</span>
          <strong>{money(totals.paidMinor)}</strong>
        </li>
        <li>
          <span>{t('totals.held')}</span>
          <strong>{money(totals.heldMinor)}</strong>
        </li>
      </ul>
      <h4 className="referral-page__heading">{t('invitees')}</h4>
      {summary.invitees.length === 0 ? (
        <p className="referral-state">{t('noInvitees')}</p>
      ) : (
        <ul className="referral-invitees">
          {summary.invitees.map((i) => (
            <li key={`${i.account}-${i.registeredAt}`} className="referral-invitee">
              <div className="referral-invitee__head">
                <span className="referral-invitee__account">{i.account}</span>
                <span className={`referral-status referral-status--${i.status}`}>{t(`status.${i.status}`)}</span>
              </div>
              <p className="referral-invitee__line">
                {t('registered', { date: formats.date(i.registeredAt), deadline: formats.date(i.deadline) })}
              </p>
              <p className="referral-invitee__line">
                {t('progress', {
                  deposit: i.firstDepositMinor === null ? t('noDeposit') : money(i.firstDepositMinor),
                  turnover: money(i.turnoverMinor),
                  target: money(terms.minTurnoverMinor),
                })}
              </p>
              {i.rewardMinor ? (
                <p className="referral-invitee__line">{t('reward', { amount: money(i.rewardMinor) })}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
