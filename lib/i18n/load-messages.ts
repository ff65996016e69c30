import type { Locale } from "./locales";
import type en from "./messages/en.json";

export type Messages = typeof en;
export type Namespace = keyof Messages;

/** All of one locale's messages, on the server only (one JSON file per locale under messages/). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await import(`./messages/${locale}.json`)).default as Messages;
}

/**
 * The namespaces a page's client components use, and nothing else: what reaches the browser is
 * the active locale's part of the page, never the other locales nor other surfaces' messages.
 */
export function pickNamespaces<N extends Namespace>(messages: Messages, namespaces: readonly N[]): Pick<Messages, N> {
  return Object.fromEntries(namespaces.map((n) => [n, messages[n]])) as Pick<Messages, N>;
}
