// The main process's UI language: the Settings choice over the system's preferred languages, decided by the
// shared policy (shared/i18n/language.ts) exactly as the renderer decides it, so both sides speak the same
// language. The desktop app knows the OS's languages from the start; browser mode learns its browser's from
// the page (app.reportBrowserLanguages). A change switches this realm's translator at once and tells the
// listeners (the menus and tray rebuild, the data engine's worker follows).
import { setUiLocale } from '../../../shared/i18n/i18n';
import { resolveUiLocale, type UiLocale } from '../../../shared/i18n/language';
import type { Settings } from '../../../shared/ipc/app';

interface LanguageSettingsSource {
  get(): Settings;
  onChange(listener: (settings: Settings) => void): () => void;
}

export class UiLanguage {
  #current: UiLocale;
  #browserLanguages: readonly string[] = [];
  readonly #listeners = new Set<(locale: UiLocale) => void>();
  readonly #stop: () => void;

  /** `systemLanguages`: the OS's (desktop app); null in browser mode, where the page reports its browser's. */
  constructor(private readonly settings: LanguageSettingsSource, private readonly systemLanguages: readonly string[] | null) {
    this.#current = this.#resolve();
    setUiLocale(this.#current);
    this.#stop = settings.onChange(() => this.#update());
  }

  current(): UiLocale {
    return this.#current;
  }

  /** Browser mode: the page's navigator.languages. The desktop app keeps following the OS. */
  reportBrowserLanguages(languages: readonly string[]): void {
    if (this.systemLanguages !== null) return;
    this.#browserLanguages = [...languages];
    this.#update();
  }

  /**
   * The language for a page the host writes itself for one browser (browser mode): the Settings choice, or with
   * "System" that browser's own preferences (its Accept-Language), which a signed-out browser has not reported.
   */
  forBrowser(preferred: readonly string[]): UiLocale {
    return resolveUiLocale(this.settings.get().language, this.systemLanguages ?? (preferred.length > 0 ? preferred : this.#browserLanguages));
  }

  onChange(listener: (locale: UiLocale) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close(): void {
    this.#stop();
    this.#listeners.clear();
  }

  #resolve(): UiLocale {
    return resolveUiLocale(this.settings.get().language, this.systemLanguages ?? this.#browserLanguages);
  }

  #update(): void {
    const next = this.#resolve();
    if (next.language === this.#current.language && next.locale === this.#current.locale) return;
    this.#current = next;
    setUiLocale(next);
    for (const listener of [...this.#listeners]) listener(next);
  }
}
