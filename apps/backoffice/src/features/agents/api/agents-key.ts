/** Every agents query sits under ['ops', 'agents']: a move, a type change or a house contract makes all of them stale. */
export const agentsKey = ['ops', 'agents'] as const;
