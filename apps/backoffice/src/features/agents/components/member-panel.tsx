import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import type { AgentTeam } from '@wps/shared/schemas/agents';
import { errorText } from '../../../lib/error-text';
import { useCan } from '../../../lib/permissions';
import { useAgentTeam } from '../api/get-agent-team';
import { useTypeLabel } from './agent-labels';
import { AgentAudit } from './agent-audit';
import { DownlineTree } from './downline-tree';
import { HouseContractDialog } from './house-contract-dialog';
import { MoveDialog } from './move-dialog';
import { TypeDialog } from './type-dialog';

type Dialog = 'move' | 'type' | 'house' | null;

/** A top agent: an agent with no agent above it (its contracts are with the house). */
function isTopAgent(team: AgentTeam): boolean {
  return team.member.isAgent && !team.uplines.some((u) => u.isAgent);
}

/** One member's place in the tree: the chain above it, the counts, the actions the role may take, its downlines and the audit entries. */
export function MemberPanel({ memberId, onOpen }: { memberId: string; onOpen: (memberId: string) => void }) {
  const { t } = useTranslation('agents');
  const typeLabel = useTypeLabel();
  const canWrite = useCan('agents.write');
  const team = useAgentTeam(memberId);
  const [dialog, setDialog] = useState<Dialog>(null);

  if (team.isPending) return <LoadingState label={t('loading')} />;
  if (team.isError) return <ErrorState message={errorText(t, team.error)} />;
  const { member, uplines } = team.data;
  const chain = [...uplines].reverse();

  return (
    <section className="agents-card" aria-labelledby="agents-member-title">
      <h2 id="agents-member-title">{t('member.title', { account: member.account })}</h2>
      <dl className="agents-facts">
        <div>
          <dt>{t('member.id')}</dt>
          <dd>{member.id}</dd>
        </div>
        <div>
          <dt>{t('columns.type')}</dt>
          <dd data-fact="type">{typeLabel(member.type)}</dd>
        </div>
        <div>
          <dt>{t('columns.direct')}</dt>
          <dd data-fact="direct">{team.data.directDownlines}</dd>
        </div>
        <div>
          <dt>{t('columns.team')}</dt>
          <dd data-fact="team">{team.data.teamSize}</dd>
        </div>
      </dl>

      <nav aria-label={t('member.chain')}>
        <h3 className="agents-subtitle">{t('member.chain')}</h3>
        {chain.length === 0 ? (
          <p className="agents-muted">{t('member.top')}</p>
        ) : (
          <ol className="agents-chain">
            {chain.map((u) => (
              <li key={u.id}>
                <button
                  type="button"
                  className="agents-link"
                  onClick={() => onOpen(u.id)}
                  aria-label={t('tree.openMember', { account: u.account })}
                >
                  {u.account}
                </button>{' '}
                <span className="agents-muted">{typeLabel(u.type)}</span>
              </li>
            ))}
            <li aria-current="true">
              <strong>{member.account}</strong>
            </li>
          </ol>
        )}
      </nav>

      <div className="agents-actions" role="group" aria-label={t('member.actions', { account: member.account })}>
        <Link className="btn btn--secondary btn--sm" to={`/agents/reports?member=${member.id}`}>
          {t('member.report')}
        </Link>
        <Link
          className="btn btn--secondary btn--sm"
          to={`/agents/contracts?downline=${encodeURIComponent(member.account)}`}
        >
          {t('member.contracts')}
        </Link>
        {canWrite && (
          <>
            <Button size="sm" onClick={() => setDialog('move')}>
              {t('move.button')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDialog('type')}>
              {t('type.button')}
            </Button>
            {isTopAgent(team.data) && (
              <Button size="sm" variant="secondary" onClick={() => setDialog('house')}>
                {t('house.button')}
              </Button>
            )}
          </>
        )}
      </div>

      <DownlineTree member={member} onOpen={onOpen} />
      <AgentAudit memberId={member.id} />

      {dialog === 'move' && <MoveDialog team={team.data} onClose={() => setDialog(null)} />}
      {dialog === 'type' && <TypeDialog member={member} onClose={() => setDialog(null)} />}
      {dialog === 'house' && <HouseContractDialog member={member} onClose={() => setDialog(null)} />}
    </section>
  );
}
