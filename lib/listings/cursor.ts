import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { serverSecrets } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import type { ListingQuery } from "./listing-query";

/** Where a page ended: the sort key of its last row and that row's id. */
export type CursorPosition = { key: string; id: string };

type CursorPayload = { m: string; q: string; k: string; i: string };

let secret: Promise<Buffer> | undefined;

/**
 * The HMAC key for cursors, shared by every instance through the database and made on first use.
 * A cursor is then opaque and tamper-evident: forged, altered or another merchant's is refused.
 */
function cursorSecret(db: Db): Promise<Buffer> {
  secret ??= (async () => {
    await db
      .insert(serverSecrets)
      .values({ name: "listing_cursor_hmac", value: randomBytes(32).toString("hex") })
      .onConflictDoNothing();
    const rows = await db.execute<{ value: string }>(
      sql`select value from server_secrets where name = 'listing_cursor_hmac'`,
    );
    return Buffer.from(rows[0]!.value, "hex");
  })().catch((err) => {
    secret = undefined;
    throw err;
  });
  return secret;
}

/** What a cursor is bound to besides the merchant: the sort and every filter. */
function queryFingerprint(q: ListingQuery): string {
  // Optional filters are appended only when set, so cursors issued before they existed stay valid;
  // the exception filter goes in as an object, so no search text can stand for it.
  const bound = [
    q.sort_by,
    q.sort_dir,
    q.start_ts ?? "",
    q.end_ts ?? "",
    q.asset ?? "",
    q.network ?? "",
    [...(q.status ?? [])].sort().join(","),
    ...(q.search ? [q.search] : []),
    ...(q.exception ? [{ exception: q.exception }] : []),
    // `failed` finds other payments in each vocabulary, so a status filter binds its vocabulary too.
    ...(q.vocabulary && q.status?.length ? [{ vocabulary: q.vocabulary }] : []),
    ...(q.tokenSymbols?.length ? [{ tokenSymbols: [...q.tokenSymbols].map((t) => t.toUpperCase()).sort() }] : []),
    ...(q.referenceId ? [{ referenceId: q.referenceId.toLowerCase() }] : []),
  ];
  return createHash("sha256").update(JSON.stringify(bound)).digest("base64url").slice(0, 16);
}

export async function encodeCursor(
  db: Db,
  { merchantId, q, at }: { merchantId: string; q: ListingQuery; at: CursorPosition },
): Promise<string> {
  const payload: CursorPayload = { m: merchantId, q: queryFingerprint(q), k: at.key, i: at.id };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${sign(await cursorSecret(db), body)}`;
}

export async function decodeCursor(
  db: Db,
  { merchantId, q, cursor }: { merchantId: string; q: ListingQuery; cursor: string },
): Promise<CursorPosition> {
  const [body, mac, extra] = cursor.split(".");
  if (!body || !mac || extra !== undefined) throw invalid("is malformed");
  const expected = Buffer.from(sign(await cursorSecret(db), body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw invalid("is not a cursor this service issued");
  const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as CursorPayload;
  if (payload.m !== merchantId) throw invalid("belongs to another merchant");
  if (payload.q !== queryFingerprint(q))
    throw invalid("was issued for other filters or another sort; start again without it");
  return { key: payload.k, id: payload.i };
}

function sign(key: Buffer, body: string): string {
  return createHmac("sha256", key).update(body).digest("base64url");
}

function invalid(why: string): ApiError {
  return new ApiError("invalid_params", `cursor ${why}`, { issues: [{ field: "cursor", message: why }] });
}
