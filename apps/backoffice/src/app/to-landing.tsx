import { Navigate, useLocation } from 'react-router';

/** Sends an old address of the landing page (/dashboard) to /, keeping its query (the chart's days). */
export function ToLanding() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/', search }} replace />;
}
