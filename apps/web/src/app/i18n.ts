import { STORAGE_KEYS } from "@atrium/shared";
import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";

export const APP_LANGUAGES = ["pt", "en", "es"] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];

const HTML_LANG: Record<AppLanguage, string> = { pt: "pt-BR", en: "en", es: "es" };

/** Namespaces every screen may need at once: loaded before the first render. */
const STARTUP_NAMESPACES = ["common", "backendErrors", "validation"];

/** One lazily loaded chunk per language and namespace (locales/{lng}/{ns}.json). */
const localeLoaders = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

const localeBackend: BackendModule = {
  type: "backend",
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeLoaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default as Record<string, string>),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** Company/stored languages look like 'pt-BR', 'en-EN', 'es-ES'; anything else is pt. */
export function normalizeLanguage(value: string | null | undefined): AppLanguage {
  const lower = value?.toLowerCase() ?? "";
  if (lower.startsWith("en")) return "en";
  if (lower.startsWith("es")) return "es";
  return "pt";
}

export function storedLanguage(): string | null {
  return localStorage.getItem(STORAGE_KEYS.language);
}

export async function initI18n(language: string | null = storedLanguage()) {
  if (i18n.isInitialized) return i18n;
  await i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: normalizeLanguage(language),
      fallbackLng: "pt",
      supportedLngs: APP_LANGUAGES,
      ns: STARTUP_NAMESPACES,
      defaultNS: "common",
      interpolation: { escapeValue: false },
    });
  document.documentElement.lang = HTML_LANG[normalizeLanguage(i18n.language)];
  i18n.on("languageChanged", (language) => {
    document.documentElement.lang = HTML_LANG[normalizeLanguage(language)];
  });
  return i18n;
}

/** The user's explicit choice, kept across sessions. */
export async function chooseLanguage(language: AppLanguage): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}

/** Applies the company's language unless the user picked one on this browser. */
export async function applyCompanyLanguage(companyLanguage: string | undefined): Promise<void> {
  if (storedLanguage() || !companyLanguage) return;
  const language = normalizeLanguage(companyLanguage);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export { i18n };
