import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import type { AgentOpsMember } from '@wps/shared/schemas/agent-ops';
import type { AgentTreeMember } from '@wps/shared/schemas/agents';
import { errorText } from '../../../lib/error-text';
import { useAgentDownlines } from '../api/agent-downlines';
import { useTypeLabel } from './agent-labels';

type OpenMember = (memberId: string) => void;

/** One page of a level: its members, each with its own level under it once expanded. */
function LevelPage({ memberId, page, onOpen }: { memberId: string; page: number; onOpen: OpenMember }) {
  const { t } = useTranslation('agents');
  const list = useAgentDownlines(memberId, page);
  if (list.isPending)
    return (
      <li>
        <LoadingState label={t('loading')} />
      </li>
    );
  if (list.isError)
    return (
      <li>
        <ErrorState message={errorText(t, list.error)} />
      </li>
    );
  if (list.data.total === 0) return <li className="agents-muted">{t('downlines.none')}</li>;
  return (
    <>
      {list.data.list.map((m) => (
        <DownlineItem key={m.id} member={m} onOpen={onOpen} />
      ))}
    </>
  );
}

/** A level of the tree: the members directly under `memberId`, a page at a time ("show more"). */
function Level({ memberId, label, onOpen }: { memberId: string; label: string; onOpen: OpenMember }) {
  const { t } = useTranslation('agents');
  const [pages, setPages] = useState(1);
  // The last page shown (the same query as its LevelPage's) says whether there is another.
  const last = useAgentDownlines(memberId, pages);
  const hasMore = last.data !== undefined && last.data.page < last.data.totalPages;
  return (
    <>
      <ul className="agents-level" aria-label={label}>
        {Array.from({ length: pages }, (_, i) => (
          <LevelPage key={i} memberId={memberId} page={i + 1} onOpen={onOpen} />
        ))}
      </ul>
      {hasMore && (
        <Button size="sm" variant="ghost" onClick={() => setPages((p) => p + 1)}>
          {t('downlines.more')}
        </Button>
      )}
    </>
  );
}

function DownlineItem({ member, onOpen }: { member: AgentOpsMember; onOpen: OpenMember }) {
  const { t } = useTranslation('agents');
  const typeLabel = useTypeLabel();
  const [open, setOpen] = useState(false);
  return (
    <li className="agents-node" data-account={member.account}>
      <div className="agents-node__row">
        {member.directDownlines > 0 ? (
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={open}
            aria-label={t(open ? 'downlines.collapse' : 'downlines.expand', { account: member.account })}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? '−' : '+'}
          </Button>
        ) : (
          <span className="agents-node__leaf" aria-hidden="true">
            ·
          </span>
        )}
        <button
          type="button"
          className="agents-link"
          onClick={() => onOpen(member.id)}
          aria-label={t('tree.openMember', { account: member.account })}
        >
          {member.account}
        </button>
        <span className="agents-muted">{typeLabel(member.type)}</span>
        <span className="agents-node__count">
          {t('downlines.counts', { direct: member.directDownlines, team: member.teamSize })}
        </span>
      </div>
      {open && (
        <Level memberId={member.id} label={t('downlines.levelOf', { account: member.account })} onOpen={onOpen} />
      )}
    </li>
  );
}

/** The member's direct downlines; each one with downlines opens its own level underneath. */
export function DownlineTree({ member, onOpen }: { member: AgentTreeMember; onOpen: OpenMember }) {
  const { t } = useTranslation('agents');
  return (
    <section className="agents-tree" aria-labelledby="agents-downlines-title">
      <h3 id="agents-downlines-title" className="agents-subtitle">
        {t('downlines.title')}
      </h3>
      <Level memberId={member.id} label={t('downlines.levelOf', { account: member.account })} onOpen={onOpen} />
    </section>
  );
}
