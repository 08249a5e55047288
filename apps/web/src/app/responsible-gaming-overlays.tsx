import { useTranslation } from 'react-i18next';
import { useLogout } from '../features/member/api/logout';
import { ReverificationRedirect } from '../features/kyc/components/reverification';
import { LimitsRequiredRedirect } from '../features/responsible-gaming/components/limits-required-redirect';
import { RealityCheck } from '../features/responsible-gaming/components/reality-check';
import '../features/responsible-gaming/responsible-gaming.css';

/**
 * Responsible gambling over every page while logged in: the reality check ("stop" logs out), the
 * required limits' redirect, and the licence's face check when a login found one due.
 */
export function ResponsibleGamingOverlays() {
  const { ready } = useTranslation('responsibleGaming', { useSuspense: false });
  const logout = useLogout();
  return (
    <>
      <LimitsRequiredRedirect />
      <ReverificationRedirect />
      {ready ? <RealityCheck onStop={() => logout.mutate()} /> : null}
    </>
  );
}
