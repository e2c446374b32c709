// The app: the data layer, the shell's live state, the routes and the notices.
import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router';
import { DataProvider } from '../data/provider';
import { Notices } from './Notices';
import { ShellEffects } from './ShellEffects';
import { useMenuCommands } from './menu-commands';
import { createAppRouter } from './router';
import { SessionGate } from './SessionEnded';

export function App() {
  const [router] = useState(createAppRouter);
  useMenuCommands(useCallback((to: string) => void router.navigate(to), [router]));
  return (
    <DataProvider>
      <SessionGate>
        <ShellEffects />
        <RouterProvider router={router} />
        <Notices />
      </SessionGate>
    </DataProvider>
  );
}
