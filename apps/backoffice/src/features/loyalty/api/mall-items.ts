import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsMallItem, OpsMallItemBody } from '@wps/shared/schemas/points';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

export const mallItemsKey = ['ops', 'points', 'items'] as const;

/** GET /ops/points/items (loyalty.read): every item, archived ones too. */
export function fetchMallItems(): Promise<{ list: OpsMallItem[] }> {
  return opsRequest<{ list: OpsMallItem[] }>('/ops/points/items');
}

export const mallItemsQuery = queryOptions({ queryKey: mallItemsKey, queryFn: fetchMallItems });

export function useMallItems() {
  return useQuery(mallItemsQuery);
}

export type SaveMallItemInput = { id: string | null; body: OpsMallItemBody };

/** PUT /ops/points/items or /ops/points/items/:id (loyalty.write); audited. */
export function saveMallItem({ id, body }: SaveMallItemInput): Promise<OpsMallItem> {
  return opsRequest<OpsMallItem>(id ? `/ops/points/items/${encodeURIComponent(id)}` : '/ops/points/items', {
    method: 'PUT',
    body,
  });
}

export function useSaveMallItem(successText: (item: OpsMallItem) => string) {
  return useOpsMutation({ mutationFn: saveMallItem, invalidates: [mallItemsKey], successText });
}
