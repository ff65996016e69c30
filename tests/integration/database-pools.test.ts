import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { scratchDatabaseUrl } from "../support/scratch-database";
import { startServer, type RunningServer } from "../support/server";

// docs/operations.md: DATABASE_POOL_SIZE connections for the process's main pool, 2 for status polls.
// Besides them a server holds one LISTEN connection (postgres.js's, for NOTIFY) and the rate
// limiter's pool of 3 (lib/http/create-rate-limiter.ts). Next.js bundles instrumentation.ts and
// each route apart, each with its own copy of every module: pools kept in module variables were
// one set per bundle, so an instance held DATABASE_POOL_SIZE connections again for every route
// that had run.
const POOL_SIZE = 3;
const BOUND = POOL_SIZE + 2 + 1 + 3;

let server: RunningServer | undefined;
let probe: postgres.Sql | undefined;
afterAll(async () => {
  await server?.stop();
  await probe?.end({ timeout: 5 });
});

it("a server's connections to PostgreSQL stay within its settings however many of its routes are busy", async () => {
  // A database of its own: every backend on it but the probe's is this server's.
  const url = await scratchDatabaseUrl("database_pools");
  server = await startServer({ DATABASE_URL: url, DATABASE_POOL_SIZE: String(POOL_SIZE) }, "database-pools");
  probe = postgres(url, { max: 1, onnotice: () => {} });
  const { merchantId, apiKey } = await createMerchant(drizzle(probe, { schema }), { name: "Pools", currency: "USD" });
  const headers = { "Api-Key": apiKey, "Merchant-Id": merchantId, "Content-Type": "application/json" };
  const created = await fetch(`${server.url}/v1/merchant/payment`, {
    method: "POST",
    headers,
    body: JSON.stringify({ amount: { unit: "iso4217/USD", value: "500" }, referenceId: "pools" }),
  });
  expect(created.status).toBe(201);
  const { paymentId } = (await created.json()) as { paymentId: string };

  const base = server.url;
  const requests: Record<string, () => Promise<Response>> = {
    create: () =>
      fetch(`${base}/v1/merchant/payment`, {
        method: "POST",
        headers,
        body: JSON.stringify({ amount: { unit: "iso4217/USD", value: "700" }, referenceId: "pools" }),
      }),
    status: () => fetch(`${base}/v1/merchant/payment/${paymentId}/status`, { headers }),
    listing: () => fetch(`${base}/v1/merchants/${merchantId}/payments?limit=5`, { headers }),
    payment: () => fetch(`${base}/v1/payments/${paymentId}`, { headers }),
    payments: () => fetch(`${base}/v1/payments?limit=5`, { headers }),
    gatewayStatus: () => fetch(`${base}/v1/gateway/payment/${paymentId}/status`),
    options: () =>
      fetch(`${base}/v1/gateway/payment/${paymentId}/options`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ accounts: ["eip155:31337:0x000000000000000000000000000000000000dEaD"] }),
      }),
    readyz: () => fetch(`${base}/readyz`),
  };
  // Three waves of 20 at once on every route: each route's code is loaded and its work runs side by side.
  for (let wave = 0; wave < 3; wave++) {
    const answers = await Promise.all(
      Object.entries(requests).flatMap(([name, send]) =>
        Array.from({ length: 20 }, async () => ({ name, status: (await send()).status })),
      ),
    );
    const failed = answers.filter((a) => a.status >= 500);
    expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
  }

  const [row] = await probe<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
  const n = row!.n;
  console.log(`connections of one server after load on ${Object.keys(requests).length} routes: ${n} (bound ${BOUND})`);
  expect(n).toBeGreaterThanOrEqual(POOL_SIZE);
  expect(n).toBeLessThanOrEqual(BOUND);
}, 120_000);
