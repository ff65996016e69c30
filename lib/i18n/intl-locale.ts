import type { Locale } from "./locales";

/**
 * The tag handed to Intl. Arabic keeps Latin digits: a buyer compares the amount with what a wallet
 * shows (wallets show 0-9), and runtimes disagree on Arabic's default digits, which would make the
 * server's and the browser's renderings of one amount differ.
 */
export function intlLocale(locale: Locale): string {
  return locale === "ar" ? "ar-u-nu-latn" : locale;
}
