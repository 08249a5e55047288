import { createAgentTree, type AgentTreeContext } from './agent-tree';

export type AgentsContext = AgentTreeContext;

/**
 * The agent side (docs/agents.md): the tree of agents and members (agent-tree.ts) and the money
 * model that splits a payout along it (payout-split.ts).
 */
export function createAgentsService(ctx: AgentsContext) {
  return { tree: createAgentTree(ctx) };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
