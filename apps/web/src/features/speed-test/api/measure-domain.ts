import { queryOptions, useQuery } from '@tanstack/react-query';
import { findMedian } from '../speed-class';

export const PINGS_PER_DOMAIN = 3;

/** One timed GET {domain}/wps/system/test/ping: uncached, without cookies; null when it failed. */
async function timePing(domainName: string): Promise<number | null> {
  const url = `${domainName.replace(/\/+$/, '')}/wps/system/test/ping?speed=${Math.random().toString(36).slice(2)}`;
  const started = performance.now();
  try {
    const response = await fetch(url, { credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    await response.arrayBuffer();
    return performance.now() - started;
  } catch {
    return null;
  }
}

/**
 * Three pings one after another (in parallel they would queue on one connection and time each
 * other); the median of those that answered, or null when any failed, so a flaky domain is never
 * shown with a figure it did not earn.
 */
export async function measureDomain(domainName: string): Promise<number | null> {
  const timings: number[] = [];
  for (let i = 0; i < PINGS_PER_DOMAIN; i += 1) {
    const ms = await timePing(domainName);
    if (ms === null) return null;
    timings.push(ms);
  }
  const median = findMedian(timings);
  return median === null ? null : Math.round(median);
}

/** A fresh measurement at each opening of the modal (gcTime 0): an old figure would mislead. */
export function domainSpeedQueryOptions(domainName: string) {
  return queryOptions({
    queryKey: ['speedTest', domainName],
    queryFn: () => measureDomain(domainName),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

export function useDomainSpeed(domainName: string) {
  return useQuery(domainSpeedQueryOptions(domainName));
}
