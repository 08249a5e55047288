import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRgStatus } from '../api/get-rg-status';
import { SIGN_UP_LIMITS_PATH } from './sign-up-limits';

export const RESPONSIBLE_GAMING_PATH = '/account/responsible-gaming';

/**
 * Under a licence that asks for limits at sign-up, a player without them (a registration just
 * made, or an account from before the licence) is sent to the sign-up step that asks for them;
 * the full page sets them too.
 */
export function LimitsRequiredRedirect() {
  const { data } = useRgStatus();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (data?.mustSetLimits && pathname !== RESPONSIBLE_GAMING_PATH && pathname !== SIGN_UP_LIMITS_PATH)
      void navigate(SIGN_UP_LIMITS_PATH);
  }, [data?.mustSetLimits, pathname, navigate]);
  return null;
}
