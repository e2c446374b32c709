// Hash routing: it works the same from the desktop app's packaged files and from the browser host's page,
// and a reload lands on the same screen.
import { Navigate, createHashRouter, type RouteObject } from 'react-router';
import { dashboardNav, dashboardRoutes } from '../features/routes';
import { ConnectGate, SignedInGate } from './gates';
import { NotFound } from './NotFound';
import { RouteError } from './RouteError';
import { SettingsPage } from './SettingsPage';

function signedInChildren(): RouteObject[] {
  const hasIndex = dashboardRoutes.some((route) => route.index);
  const first = dashboardNav[0]?.to ?? '/settings';
  return [
    ...(hasIndex ? [] : [{ index: true, element: <Navigate to={first} replace /> }]),
    ...dashboardRoutes,
    { path: 'settings', element: <SettingsPage /> },
    { path: '*', element: <NotFound /> },
  ];
}

export function createAppRouter() {
  return createHashRouter([
    { path: '/connect', element: <ConnectGate />, errorElement: <RouteError /> },
    {
      path: '/',
      element: <SignedInGate />,
      errorElement: <RouteError />,
      // A screen that fails to render shows the error screen inside the frame: navigation stays usable.
      children: [{ errorElement: <RouteError />, children: signedInChildren() }],
    },
  ]);
}
