import { useTranslation } from 'react-i18next';
import { useLogout } from '../features/member/api/logout';
import { LimitsRequiredRedirect } from '../features/responsible-gaming/components/limits-required-redirect';
import { RealityCheck } from '../features/responsible-gaming/components/reality-check';
import '../features/responsible-gaming/responsible-gaming.css';

/** Responsible gambling over every page while logged in: the reality check ("stop" logs out) and the required limits' redirect. */
export function ResponsibleGamingOverlays() {
  const { ready } = useTranslation('responsibleGaming', { useSuspense: false });
  const logout = useLogout();
  return (
    <>
      <LimitsRequiredRedirect />
      {ready ? <RealityCheck onStop={() => logout.mutate()} /> : null}
    </>
  );
}
