// The app: the data layer, the shell's live state, the routes and the notices.
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { DataProvider } from '../data/provider';
import { Notices } from './Notices';
import { ShellEffects } from './ShellEffects';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <DataProvider>
      <ShellEffects />
      <RouterProvider router={router} />
      <Notices />
    </DataProvider>
  );
}
