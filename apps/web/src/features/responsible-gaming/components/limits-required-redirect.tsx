import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRgStatus } from '../api/get-rg-status';

export const RESPONSIBLE_GAMING_PATH = '/account/responsible-gaming';

/** Under a licence that asks for limits at sign-up, a player without them is sent to the page that sets them. */
export function LimitsRequiredRedirect() {
  const { data } = useRgStatus();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (data?.mustSetLimits && pathname !== RESPONSIBLE_GAMING_PATH) void navigate(RESPONSIBLE_GAMING_PATH);
  }, [data?.mustSetLimits, pathname, navigate]);
  return null;
}
