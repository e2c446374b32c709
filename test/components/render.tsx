// Renders a piece of the UI as the app does (its translator, data provider and a router), with a contract bridge installed in
// place of the main process; nothing of the app is mocked.
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import { setBridge } from '../../renderer/bridge';
import { i18n } from '../../shared/i18n/i18n';
import { DataProvider } from '../../renderer/data/provider';
import type { ContractBridge } from './contract-bridge';

afterEach(() => {
  cleanup();
  setBridge(null);
});

export function renderWithBridge(ui: ReactNode, bridge: ContractBridge, path = '/'): RenderResult {
  setBridge(bridge);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <DataProvider>{ui}</DataProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
