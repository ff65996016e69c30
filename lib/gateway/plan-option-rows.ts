import type { paymentOptions } from "@/db/schema";
import type { Offer } from "./claim-option-rows";
import { SERVICE_BUILT } from "@/lib/chains/transfer-methods";

type OptionRow = typeof paymentOptions.$inferSelect;

// A quote about to run out is no use to a buyer who still has to sign: reuse one only while it holds
// this much longer (or until the payment's own expiry, when a fresh quote could not last longer anyway).
const REUSE_MIN_MS = 30_000;
// A Solana option carries a transaction built when it was offered, on a blockhash that lives about
// 60 to 90 seconds: past this age, asking again gets a new option (with a new transaction) rather
// than one a wallet that never calls fetch could no longer land. The old one stays confirmable.
const SERVICE_BUILT_REUSE_MS = 45_000;

/** What a stored quote answers: an option (null), or a Solana Pay transaction request built for one account. */
export type RequestKindOfQuote = null | "solana-pay-transaction";

/** For each offer, the live quote it reuses, or that it needs a new row. */
export type QuotePlan = { ok: true; steps: ({ reuse: OptionRow } | { offer: Offer })[] } | { ok: false };

/**
 * Which offers reuse a live quote of the payment (same account, token, method and receiving address,
 * with enough time left) and which need a new row, and whether the new rows fit the asking client's
 * share: at most `perClient` live quotes of its own. Only live quotes count (expired ones hold
 * nothing), and a client's share is its own: however many addresses others use, their quotes never
 * refuse it. `live` needs only the client's own live quotes and those of the offered accounts.
 * `kind` says what is asked for: only a quote of the same kind is reused, yet every live quote of the
 * client counts against its share, whatever its kind.
 */
export function planOptionRows({
  live,
  offers,
  client,
  perClient,
  quoteExpiresAt,
  now,
  kind = null,
}: {
  live: OptionRow[];
  offers: Offer[];
  client: string;
  perClient: number;
  quoteExpiresAt: Date;
  now: Date;
  kind?: RequestKindOfQuote;
}): QuotePlan {
  const reusableUntil = now.getTime() + Math.min(REUSE_MIN_MS, quoteExpiresAt.getTime() - now.getTime());
  const reusable = live.filter(
    (row) =>
      // An option reuses an option, a Solana Pay transaction request (asked for by an account too) a
      // transaction request; a request a wallet scans names no account and is never reused here.
      row.requestKind === kind &&
      row.expiresAt.getTime() >= reusableUntil &&
      !(SERVICE_BUILT.has(row.method) && row.createdAt.getTime() < now.getTime() - SERVICE_BUILT_REUSE_MS),
  );
  const steps = offers.map((offer) => {
    const stored = reusable.find((row) => sameQuote(row, offer));
    return stored ? { reuse: stored } : { offer };
  });
  const fresh = steps.filter((s) => "offer" in s).length;
  if (fresh === 0) return { ok: true, steps };
  if (live.filter((row) => row.clientNetwork === client).length + fresh > perClient) return { ok: false };
  return { ok: true, steps };
}

function sameQuote(row: OptionRow, offer: Offer): boolean {
  return (
    row.account === offer.account.id &&
    row.chainId === offer.network.chainId &&
    row.tokenCaip19 === offer.token.caip19 &&
    row.method === offer.method &&
    // A merchant who changed the receiving address gets new quotes paying the new one.
    row.recipient === offer.recipient
  );
}
