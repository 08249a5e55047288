import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomList, RoomStatus } from '@wps/shared/schemas/pvp';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

export type RoomFilter = {
  nodeId?: string | undefined;
  status?: RoomStatus | undefined;
  minStake?: string | undefined;
  maxStake?: string | undefined;
  seatsFree?: number | undefined;
};

/** POST /wps/relay/GLS2_roomList (token): the PVP vendors' tables as their vendors list them now. */
export function listRooms(filter: RoomFilter): Promise<RoomList> {
  const { status, ...rest } = filter;
  return apiRequest<RoomList>('/wps/relay/GLS2_roomList', {
    method: 'POST',
    body: { ...rest, ...(status ? { status: [status] } : {}) },
  });
}

/** Seats change as players sit down: the list looks again every few seconds while open. */
const POLL_MS = 10_000;

/** Under ['member'], so logout forgets it. */
export function roomsQueryOptions(token: string | null, filter: RoomFilter) {
  return queryOptions({
    queryKey: ['member', 'pvp-rooms', token, filter],
    queryFn: () => listRooms(filter),
    enabled: token !== null,
    refetchInterval: POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** The /pvp page's tables. */
export function useRooms(filter: RoomFilter) {
  return useQuery(roomsQueryOptions(useToken(), filter));
}
