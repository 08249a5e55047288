import { useSearchParams } from 'react-router';

/**
 * The agent centre lives in the URL (`?agentCentre=<page>`), over whatever route is open: a page
 * of it can be linked, reloaded and tested, and the browser's back button closes it.
 */
export const AGENT_CENTRE_PARAM = 'agentCentre';

/** The spec's page keys of the agent centre. */
export const AGENT_CENTRE_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagement',
  'teamBetting',
  'userLoss',
  'myIncome',
  'accountDetails',
  'teamManagement',
  'contracts',
  'linkManagement',
  'dividendRecord',
  'dailySalary',
  'hourlySalary',
  'realTimeSalary',
] as const;
export type AgentCentrePageKey = (typeof AGENT_CENTRE_PAGES)[number];

export const DEFAULT_AGENT_CENTRE_PAGE: AgentCentrePageKey = 'agentTeamOverview';

function isPageKey(value: string): value is AgentCentrePageKey {
  return (AGENT_CENTRE_PAGES as readonly string[]).includes(value);
}

/** Whether the agent centre is open, its page (null: the default), and the moves between them. */
export function useAgentCentreUrl() {
  const [params, setParams] = useSearchParams();
  const value = params.get(AGENT_CENTRE_PARAM);
  const write = (page: string | null, replace: boolean) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (page === null) next.delete(AGENT_CENTRE_PARAM);
        else next.set(AGENT_CENTRE_PARAM, page);
        return next;
      },
      { replace },
    );
  return {
    isOpen: value !== null,
    page: value !== null && isPageKey(value) ? value : null,
    /** Opening adds a history entry, so Back closes the centre. */
    open: (page: AgentCentrePageKey = DEFAULT_AGENT_CENTRE_PAGE) => write(page, false),
    select: (page: AgentCentrePageKey) => write(page, true),
    close: () => write(null, true),
  };
}
