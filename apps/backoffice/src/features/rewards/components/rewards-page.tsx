import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMinor } from '@wps/shared/money';
import type { Rule } from '@wps/shared/schemas/rewards';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { TableScroll } from '@wps/ui/table-scroll';
import { errorText } from '../../../lib/error-text';
import { useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useTimeZone } from '../../../lib/time-zone';
import { useEngineState } from '../api/engine-state';
import { useRewardSettings } from '../api/reward-settings';
import { useRules } from '../api/rule-list';
import { useSetRuleStatus } from '../api/set-rule-status';
import { MONEY_KINDS, toFormValues, type RuleFormValues } from '../rule-form';
import { RuleDialog } from './rule-dialog';
import './rewards.css';

/**
 * The rewards engine (rewards.read; writing rules needs rewards.write, the profile settings.write):
 * the jurisdiction profile, each rule with what it has granted and its life (draft → live ⇄ paused
 * → ended), a new rule with its dry run, and the event stream's consumers.
 */
export function RewardsPage() {
  const { t } = useTranslation('rewards');
  const canWrite = useCan('rewards.write');
  const timeZone = useTimeZone();
  const rules = useRules();
  const [editing, setEditing] = useState<{ rule?: Rule; initial?: RuleFormValues } | null>(null);
  const formatMoney = useFormatMoney();

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <section className="page rewards-page" aria-labelledby="rewards-title">
      <div className="page-header">
        <h1 id="rewards-title">{t('title')}</h1>
        {canWrite && <Button onClick={() => setEditing({})}>{t('newRule')}</Button>}
      </div>
      <p>{t('intro')}</p>
      <ProfileCard />
      <h2>{t('rules.title')}</h2>
      {rules.error && <FormError message={errorText(t, rules.error)} />}
      {rules.data && rules.data.list.length === 0 && <p className="rewards-muted">{t('rules.empty')}</p>}
      {rules.data && rules.data.list.length > 0 && (
        <TableScroll label={t('rules.title')}>
          <table className="plain-table">
            <caption className="visually-hidden">{t('rules.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rules.name')}</th>
                <th scope="col">{t('rules.trigger')}</th>
                <th scope="col">{t('rules.reward')}</th>
                <th scope="col">{t('rules.status')}</th>
                <th scope="col" className="num">
                  {t('rules.granted')}
                </th>
                <th scope="col">{t('rules.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rules.data.list.map((rule) => (
                <tr key={rule.id} data-rule={rule.name}>
                  <th scope="row">{rule.name}</th>
                  <td>{t(`triggers.${rule.trigger}`)}</td>
                  <td>{describeReward(rule, t, formatMoney)}</td>
                  <td>
                    <span className={`status-pill rewards-status--${rule.status}`}>{t(`statuses.${rule.status}`)}</span>
                  </td>
                  <td className="num">
                    {t('rules.grantedValue', {
                      count: rule.grantedCount,
                      amount: MONEY_KINDS.includes(rule.reward.kind)
                        ? formatMoney(rule.grantedAmount)
                        : rule.grantedAmount,
                    })}
                  </td>
                  <td>
                    {canWrite && (
                      <RuleActions
                        rule={rule}
                        onEdit={() =>
                          setEditing({ rule, initial: toFormValues(rule, timeZone, (m) => formatMinor(m, 2)) })
                        }
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <EngineCard />
      {editing && (
        <RuleDialog
          rule={editing.rule}
          initial={editing.initial}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function describeReward(
  rule: Rule,
  t: (key: string, opts?: Record<string, unknown>) => string,
  formatMoney: (minor: string) => string,
): string {
  const money = MONEY_KINDS.includes(rule.reward.kind);
  const unit = (v: string) => (money ? formatMoney(v) : v);
  const kind = t(`kinds.${rule.reward.kind}`);
  if (rule.reward.amount) return `${kind}: ${unit(rule.reward.amount)}`;
  const pct = `${(rule.reward.percentBp ?? 0) / 100}%`;
  return rule.reward.maxAmount
    ? `${kind}: ${t('rules.percentUpTo', { percent: pct, max: unit(rule.reward.maxAmount) })}`
    : `${kind}: ${pct}`;
}

/** Go live, pause, end and edit, as the rule's state allows. */
function RuleActions({ rule, onEdit }: { rule: Rule; onEdit: () => void }) {
  const { t } = useTranslation('rewards');
  const status = useSetRuleStatus((r) => t('rules.changed', { name: r.name, status: t(`statuses.${r.status}`) }));
  const set = (to: 'live' | 'paused' | 'ended') => status.mutate({ id: rule.id, status: to, version: rule.version });
  return (
    <span className="rewards-actions" role="group" aria-label={t('rules.actionsFor', { name: rule.name })}>
      {(rule.status === 'draft' || rule.status === 'paused') && (
        <>
          <Button
            size="sm"
            loading={status.isPending && status.variables?.status === 'live'}
            onClick={() => set('live')}
            aria-label={t('rules.goLiveFor', { name: rule.name })}
          >
            {t('rules.goLive')}
          </Button>
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t('rules.editFor', { name: rule.name })}>
            {t('rules.edit')}
          </Button>
        </>
      )}
      {rule.status === 'live' && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => set('paused')}
          aria-label={t('rules.pauseFor', { name: rule.name })}
        >
          {t('rules.pause')}
        </Button>
      )}
      {rule.status !== 'ended' && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => set('ended')}
          aria-label={t('rules.endFor', { name: rule.name })}
        >
          {t('rules.end')}
        </Button>
      )}
      {status.errorMessage && <FormError message={status.errorMessage} />}
    </span>
  );
}

/**
 * The licence's profile the rules are checked against, and what it forbids. It is switched on the
 * site settings' licence section (a second operator approves; live rules it forbids stop the switch).
 */
function ProfileCard() {
  const { t } = useTranslation('rewards');
  const settings = useRewardSettings();
  const canChange = useCan('settings.read');
  const current = settings.data?.jurisdiction;
  return (
    <section className="rewards-card" aria-labelledby="rewards-profile-title">
      <h2 id="rewards-profile-title">{t('profile.title')}</h2>
      {current && <p data-testid="jurisdiction">{t(`profile.profiles.${current}`)}</p>}
      {current && <p className="rewards-muted">{t(`profile.explain.${current}`)}</p>}
      {canChange && (
        <p>
          <Link to="/site-settings?section=licence">{t('profile.changeOnLicence')}</Link>
        </p>
      )}
    </section>
  );
}

/** Each consumer of the player event stream: events applied and still to apply. */
function EngineCard() {
  const { t } = useTranslation('rewards');
  const engine = useEngineState();
  if (!engine.data) return null;
  return (
    <section className="rewards-card" aria-labelledby="rewards-engine-title">
      <h2 id="rewards-engine-title">{t('engine.title')}</h2>
      <ul className="rewards-engine">
        {engine.data.consumers.map((c) => (
          <li key={c.subscriber}>
            <strong>{c.subscriber}</strong> — {t('engine.line', { applied: c.applied, behind: c.behind })}
          </li>
        ))}
      </ul>
    </section>
  );
}
