import type { Db } from "@/db/client";
import { listPaymentsPage } from "@/lib/listings/list-payments-page";
import type { ListedPayment } from "@/lib/listings/listed-record";
import type { ListingQuery } from "@/lib/listings/listing-query";
import { MAX_LIMIT } from "@/lib/listings/listing-query";
import { currencyExponent } from "@/lib/money/iso4217";
import { formatUnits } from "./format";

const COLUMNS: [string, (p: ListedPayment) => string | number | null][] = [
  ["payment_id", (p) => p.payment_id],
  ["reference_id", (p) => p.reference_id],
  ["status", (p) => p.status],
  ["created_at", (p) => p.created_at],
  ["fiat_amount", (p) => formatUnits(BigInt(p.fiat_amount), fiatDecimals(p.fiat_currency))],
  ["fiat_currency", (p) => p.fiat_currency],
  ["token_amount", (p) => (p.token_amount === null ? "" : formatUnits(BigInt(p.token_amount), p.token_decimals))],
  ["token_symbol", (p) => p.token_symbol],
  ["token_caip19", (p) => p.token_caip19],
  ["chain_id", (p) => p.chain_id],
  ["buyer_caip10", (p) => p.buyer_caip10],
  ["tx_hash", (p) => p.tx_hash],
  ["wallet_name", (p) => p.wallet_name],
  ["settled_at", (p) => p.settled_at],
  // Last, so spreadsheets built on the earlier columns keep their positions.
  ["exception", (p) => p.exception ?? null],
];

function fiatDecimals(currency: string): number {
  return currencyExponent(currency) ?? 2;
}

/**
 * RFC 4180 field: quoted when it holds a comma, quote or line break, quotes doubled. A text that
 * a spreadsheet would run as a formula (= + - @ tab CR first) is prefixed with `'` (OWASP CSV injection).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Every payment matching the listing query as CSV lines (CRLF), walking the listing's own keyset
 * pages to the end, so the export holds the whole filtered set whatever page was on screen.
 */
export async function* paymentsCsv(db: Db, merchantId: string, q: ListingQuery): AsyncGenerator<string> {
  yield `${COLUMNS.map(([name]) => name).join(",")}\r\n`;
  let cursor: string | undefined;
  do {
    const page = await listPaymentsPage(db, merchantId, { ...q, limit: MAX_LIMIT, cursor });
    if (page.data.length)
      yield page.data.map((p) => `${COLUMNS.map(([, get]) => csvField(get(p))).join(",")}\r\n`).join("");
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}
