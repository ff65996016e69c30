/**
 * The languages buyer-facing pages speak. English is the default: what a buyer sees when neither the
 * cookie nor Accept-Language names one of these. Kept free of server-only code: client components
 * import it too.
 */
export const LOCALES = ["en", "de", "fr", "es", "pt", "it", "ja", "zh", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The buyer's explicit choice (the switcher), ahead of Accept-Language. */
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Request header through which proxy.ts hands the negotiated locale to the pages it matches. */
export const LOCALE_HEADER = "x-locale";

/** Each language named in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  pt: "Português",
  it: "Italiano",
  ja: "日本語",
  zh: "中文",
  ar: "العربية",
};

const RTL: ReadonlySet<Locale> = new Set(["ar"]);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** `dir` of the page in this locale. */
export function textDirection(locale: Locale): "ltr" | "rtl" {
  return RTL.has(locale) ? "rtl" : "ltr";
}
