import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { CLICK_THROTTLE_MS } from '@wps/shared/constants';
import { apiRequest } from '../../../lib/api-client';
import { createRandomKey } from '../random-key';

/** GET /wps/captcha?captchaKey=: the server draws a single-use image for this client-chosen key. */
export function fetchCaptcha(captchaKey: string, signal?: AbortSignal): Promise<string> {
  return apiRequest<string>('/wps/captcha', { query: { captchaKey }, signal });
}

/** Query options for one captcha image; each key is a new captcha, so nothing is cached. */
export function captchaQueryOptions(captchaKey: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['auth', 'captcha', captchaKey],
    queryFn: ({ signal }) => fetchCaptcha(captchaKey, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export type CaptchaState = {
  captchaKey: string;
  image: string | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Draw a new captcha (a click refreshes at most once per 1000 ms). */
  refresh: () => void;
  /** Draw a new captcha right away, e.g. after a failed submit used the old one up. */
  renew: () => void;
};

/** A captcha image with its key; the key goes back to the server with the form as captchaKey. */
export function useCaptcha(enabled: boolean): CaptchaState {
  const [captchaKey, setCaptchaKey] = useState(() => createRandomKey());
  const lastRefresh = useRef(0);
  const query = useQuery(captchaQueryOptions(captchaKey, enabled));
  const renew = useCallback(() => {
    lastRefresh.current = Date.now();
    setCaptchaKey(createRandomKey());
  }, []);
  const refresh = useCallback(() => {
    if (Date.now() - lastRefresh.current < CLICK_THROTTLE_MS) return;
    renew();
  }, [renew]);
  return { captchaKey, image: query.data, isLoading: query.isFetching, isError: query.isError, refresh, renew };
}
