/**
 * The machine's limit for the status endpoint: plain node:http + postgres.js doing the same work as
 * the app's GET /v1/merchant/payment/{id}/status (one auth query, sha256 + timingSafeEqual against
 * every active key, one row read, the same JSON), with no framework and no logging.
 * Run as its own process by the benchmark; prints `{"port":N}` once it listens.
 * Settings: DATABASE_URL (required), POLL_INTERVAL_MS (default 2000, as the app), BARE_PREPARE=false
 * to send unnamed statements as drizzle does for queries without .prepare() (for investigations).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import postgres from "postgres";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const pollInMs = Number(process.env.POLL_INTERVAL_MS ?? 2000);
// The same pool size as the app (db/client.ts), so the comparison is about the code path.
const sql = postgres(databaseUrl, { max: 10, prepare: process.env.BARE_PREPARE !== "false", onnotice: () => {} });

const STATUS_PATH = /^\/v1\/merchant\/payment\/([^/]+)\/status$/;
const FINAL = new Set(["succeeded", "failed", "expired"]);

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

async function authenticate(merchantId: string, apiKey: string): Promise<boolean> {
  const rows = await sql<{ keyHash: string | null }[]>`
    select m.id, m.name, m.currency, m.default_expiry_seconds, k.id as key_id, k.key_hash as "keyHash"
    from merchants m left join api_keys k on k.merchant_id = m.id and k.revoked_at is null
    where m.id = ${merchantId}`;
  const presented = createHash("sha256").update(apiKey, "utf8").digest();
  let matched = false;
  // Compare against every key, as the app does, so the cost does not depend on which key matched.
  for (const { keyHash } of rows) {
    const stored = keyHash ? Buffer.from(keyHash, "hex") : undefined;
    if (stored && stored.length === presented.length && timingSafeEqual(stored, presented)) matched = true;
  }
  return matched;
}

const server = createServer((req, res) => {
  const id = STATUS_PATH.exec(req.url ?? "")?.[1];
  const apiKey = req.headers["api-key"];
  const merchantId = req.headers["merchant-id"];
  if (req.method !== "GET" || !id) return send(res, 404, { code: "not_found", message: "Not found" });
  if (typeof apiKey !== "string" || typeof merchantId !== "string") {
    return send(res, 401, { code: "missing_api_key", message: "Missing Api-Key or Merchant-Id" });
  }
  (async () => {
    if (!(await authenticate(merchantId, apiKey)))
      return send(res, 401, { code: "invalid_api_key", message: "Invalid key" });
    // By primary key alone, the owner compared here, as the app reads it (lib/payments/read-status-with-key.ts):
    // with the merchant in the WHERE, the generic plan of the prepared statement walked
    // payments_merchant_created_idx up to the payment, slower with every payment created (issue 29).
    const [row] = await sql<{ status: string; expiresAt: Date; merchantId: string }[]>`
      select id, status, expires_at as "expiresAt", merchant_id as "merchantId" from payments where id = ${id}`;
    if (!row || row.merchantId !== merchantId)
      return send(res, 404, { code: "payment_not_found", message: "No such payment" });
    // Same effective-status rule as lib/payments/status.ts: an overdue pending payment reads as expired.
    const status = row.status === "pending" && row.expiresAt.getTime() <= Date.now() ? "expired" : row.status;
    const isFinal = FINAL.has(status);
    send(res, 200, { status, isFinal, pollInMs: isFinal ? null : pollInMs });
  })().catch((err: unknown) => {
    process.stderr.write(`bare-server: ${String(err)}\n`);
    send(res, 500, { code: "internal_error", message: "Internal server error" });
  });
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void sql.end({ timeout: 2 }).finally(() => process.exit(0));
});
