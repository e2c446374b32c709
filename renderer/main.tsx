import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../shared/i18n/i18n';
import { localeFromPreferences } from '../shared/i18n/language';
import { applyUiLocale, browserLanguages } from './state/ui-language';
import { reportUncaughtWindowErrors } from './lib/window-errors';
import { App } from './shell/App';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';
import './styles/system-modes.css';

// The first paint in the browser's language; the Settings choice and the OS's languages follow at once.
applyUiLocale(localeFromPreferences(browserLanguages()));
reportUncaughtWindowErrors();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>
  </StrictMode>,
);
