import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { pending, renderWithApp, stubOps } from '../lib/test-render';
import { SCREENS } from './screens';

/** The screens as the app mounts them (app.tsx), without the session guard. */
function ScreenRoutes() {
  return (
    <Routes>
      {SCREENS.map(({ path, Component }) =>
        path === '' ? (
          <Route key="index" index element={<Component />} />
        ) : (
          <Route key={path} path={path} element={<Component />} />
        ),
      )}
    </Routes>
  );
}

describe('the landing page', () => {
  it('is the dashboard, with the sidebar entry for /', () => {
    const landing = SCREENS.find((s) => s.path === '');
    expect(landing?.Component).toBe(DashboardPage);
    expect(landing?.nav?.labelKey).toBe('nav.dashboard');
  });

  it('sends the old /dashboard address to /, keeping the chart range', async () => {
    stubOps({ 'GET /ops/dashboard': pending, 'GET /ops/licence/notes': pending });
    const view = renderWithApp(<ScreenRoutes />, { route: '/dashboard?from=2026-11-01&to=2026-11-10', role: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
    expect(view.location().pathname).toBe('/');
    expect(view.location().search).toBe('?from=2026-11-01&to=2026-11-10');
  });
});
