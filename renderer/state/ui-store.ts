// UI state that is not fetched: which account is shown, the theme, the language, which clock business dates
// follow and the currency chosen per school. They are kept by the main process as settings (so they survive a
// restart and are shared by the desktop app's windows); this store mirrors them so the UI reacts at once,
// before the round trip.
import { create } from 'zustand';
import type { Language, Settings, ShownCurrencies, Theme, TimeZoneSource } from '../../shared/ipc/app';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../shared/ipc/notifications';

interface UiState {
  /** Null until the settings arrived: the shell waits for them before choosing a screen. */
  loaded: boolean;
  activeAccountId: string | null;
  theme: Theme;
  /** The Settings choice; the language in force is state/ui-language's, which resolves it. */
  language: Language;
  notifications: NotificationSettings;
  timeZoneSource: TimeZoneSource;
  shownCurrencies: ShownCurrencies;
  hydrate(settings: Settings): void;
  setActiveAccountId(id: string | null): void;
  setTheme(theme: Theme): void;
  setTimeZoneSource(source: TimeZoneSource): void;
  setShownCurrencies(currencies: ShownCurrencies): void;
  setLanguage(language: Language): void;
}

export const useUiStore = create<UiState>()((set) => ({
  loaded: false,
  activeAccountId: null,
  theme: 'system',
  language: 'system',
  notifications: DEFAULT_NOTIFICATION_SETTINGS,
  timeZoneSource: 'school',
  shownCurrencies: {},
  hydrate: (settings) =>
    set({
      loaded: true,
      activeAccountId: settings.activeAccountId,
      theme: settings.theme,
      language: settings.language,
      notifications: settings.notifications,
      timeZoneSource: settings.timeZoneSource,
      shownCurrencies: settings.shownCurrencies,
    }),
  setActiveAccountId: (activeAccountId) => set({ activeAccountId }),
  setTheme: (theme) => set({ theme }),
  setLanguage: (language) => set({ language }),
  setTimeZoneSource: (timeZoneSource) => set({ timeZoneSource }),
  setShownCurrencies: (shownCurrencies) => set({ shownCurrencies }),
}));
