// A UTF-16 half of a pair without its other half: no UTF-8 encoding exists for it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text a receiver (or its connection's error) handed us, made storable in a PostgreSQL text column:
 * NUL, which PostgreSQL refuses in text, and code points UTF-8 cannot carry become U+FFFD. Whatever a
 * receiver answers, its attempt can be written down.
 */
export function storableText(text: string): string;
export function storableText(text: string | null): string | null;
export function storableText(text: string | null): string | null {
  return text === null ? null : text.replaceAll("\u0000", "\uFFFD").replace(LONE_SURROGATE, "\uFFFD");
}
