/**
 * Webhook benchmark: 1,000 payments spread over 10 merchants, created and then cancelled through the
 * merchant API of a production instance (2,000 state changes, each an event). Nine merchants' endpoints
 * are healthy receivers that verify every signature and answer at once; one merchant's three endpoints
 * take every request and never answer, so each attempt to them runs into the service's timeout. Each
 * endpoint is on a receiver of its own (its own host:port, as merchants' servers are; BENCH_ONE_HOST=1
 * puts them all on one, as on a platform that hosts many shops). Prints, for the
 * healthy merchants together, events delivered per second and the delay from each status change (the
 * event's `created_at`, written in the change's transaction) to its arrival, p50/p99, and for the
 * hanging one the requests that reached it; the target is the healthy merchants' p99 under 1 s, however
 * the hanging merchant's attempts pile up. BENCH_MERCHANTS=1 BENCH_HANGING=0 is the single-merchant run.
 *
 *   npm run bench:webhooks [-- --no-build]
 *   env: DATABASE_URL (server for the scratch database <name>_webhooks; default: embedded
 *        PostgreSQL on 54359), BENCH_PAYMENTS (1000), BENCH_MERCHANTS (10), BENCH_HANGING (merchants
 *        among them whose endpoints hang: 1), BENCH_HANGING_ENDPOINTS (endpoints of each: 3),
 *        BENCH_CONCURRENCY (API calls at a time: 16), BENCH_TIMEOUT_S (wait for deliveries: 120),
 *        BENCH_WEBHOOK_CONCURRENCY, BENCH_WEBHOOK_TIMEOUT_MS (the app's WEBHOOK_CONCURRENCY and
 *        WEBHOOK_TIMEOUT_MS; default: the app's defaults, 128 and 15 s), BENCH_ONE_HOST (0)
 *
 * Figures go to stdout and tests/artifacts/bench-webhooks.json. Exits 0 when the target is missed
 * (a FAIL line says so), 1 when the bench itself cannot run.
 */
import { mkdirSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "@/db/schema";
import type { Db } from "@/db/client";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { ensureBuild } from "../bench/ensure-build";
import { positiveInt, runWithCleanups, type Cleanup } from "../bench/run-with-cleanups";
import { openScratchDatabase } from "../bench-listing/database";
import { launchNextServer } from "../../tests/support/next-server";
import { ARTIFACTS, freePort } from "../../tests/support/server";
import { startBenchReceiver, type BenchEndpoint } from "./receiver";
import { report, type Split } from "./report";

const PAYMENTS = positiveInt("BENCH_PAYMENTS", 1000);
const MERCHANTS = positiveInt("BENCH_MERCHANTS", 10);
const HANGING = Number(process.env.BENCH_HANGING ?? 1);
const HANGING_ENDPOINTS = positiveInt("BENCH_HANGING_ENDPOINTS", 3);
const CONCURRENCY = positiveInt("BENCH_CONCURRENCY", 16);
const TIMEOUT_S = positiveInt("BENCH_TIMEOUT_S", 120);
const ONE_HOST = process.env.BENCH_ONE_HOST === "1";

type BenchMerchant = { id: string; headers: Record<string, string>; hanging: boolean; endpoints: BenchEndpoint[] };

function scratchName(): string {
  const own = process.env.DATABASE_URL
    ? new URL(process.env.DATABASE_URL).pathname.slice(1).replace(/[^a-z0-9_]/gi, "")
    : "";
  return `${own || "bench"}_webhooks`;
}

async function main(cleanups: Cleanup[]): Promise<void> {
  if (!Number.isInteger(HANGING) || HANGING < 0 || HANGING >= MERCHANTS)
    throw new Error(`BENCH_HANGING must be a whole number below BENCH_MERCHANTS (${MERCHANTS}), not ${HANGING}`);
  mkdirSync(ARTIFACTS, { recursive: true });
  await ensureBuild(process.argv.includes("--no-build"), join(ARTIFACTS, "bench-webhooks-build.log"));
  const scratch = await openScratchDatabase(process.env.DATABASE_URL, scratchName());
  cleanups.push({ name: "scratch database", run: () => scratch.close(false) });

  const port = await freePort();
  const app = await launchNextServer({
    port,
    logFile: join(ARTIFACTS, "bench-webhooks-app.log"),
    env: {
      DATABASE_URL: scratch.url,
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_CONCURRENCY: process.env.BENCH_WEBHOOK_CONCURRENCY,
      WEBHOOK_TIMEOUT_MS: process.env.BENCH_WEBHOOK_TIMEOUT_MS,
      LOG_LEVEL: "warn",
      DEVNET_FILE: join(ARTIFACTS, "no-devnet.json"),
      NETWORKS_FILE: undefined,
    },
  });
  cleanups.push({ name: "app", pid: app.pid, run: app.stop });
  const sql = postgres(scratch.url, { max: 2, onnotice: () => {} });
  cleanups.push({ name: "bench connection", run: () => sql.end({ timeout: 5 }) });
  const db = drizzle(sql, { schema }) as unknown as Db;

  const call = async (merchant: BenchMerchant, path: string, body: unknown) => {
    const res = await fetch(`${app.url}${path}`, {
      method: "POST",
      headers: merchant.headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, string>>;
  };
  let shared: Awaited<ReturnType<typeof startBenchReceiver>> | undefined;
  const host = async () => {
    if (shared) return shared;
    const receiver = await startBenchReceiver();
    cleanups.push({ name: "receiver", run: receiver.close });
    if (ONE_HOST) shared = receiver;
    return receiver;
  };
  const merchants: BenchMerchant[] = [];
  for (let m = 0; m < MERCHANTS; m++) {
    const hanging = m < HANGING;
    const created = await createMerchant(db, {
      name: `Bench Shop ${m + 1}${hanging ? " (hanging)" : ""}`,
      currency: "USD",
      evmAddress: null,
      solanaAddress: null,
    });
    const merchant: BenchMerchant = {
      id: created.merchantId,
      headers: { "api-key": created.apiKey, "merchant-id": created.merchantId, "content-type": "application/json" },
      hanging,
      endpoints: [],
    };
    merchants.push(merchant);
    for (let e = 0; e < (hanging ? HANGING_ENDPOINTS : 1); e++) {
      const endpoint = (await host()).endpoint({ hang: hanging });
      merchant.endpoints.push(endpoint);
      // Registered as a merchant does: the secret is stored sealed, and every attempt opens it to sign.
      endpoint.secret = (await call(merchant, "/v1/webhook-endpoints", { url: endpoint.url })).secret!;
    }
  }
  console.log(
    `app ${app.url} (pid ${app.pid}) on ${scratch.origin}; ${PAYMENTS} payments over ${MERCHANTS} merchants (${HANGING} hanging, ${HANGING_ENDPOINTS} endpoints each), ${ONE_HOST ? "all endpoints on one host" : "each endpoint its own host"}, ${CONCURRENCY} API calls at a time, on ${cpus().length} cores`,
  );

  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PAYMENTS) {
        const i = next++;
        // Round robin: every merchant's changes are spread over the whole run, the hanging one's too.
        const merchant = merchants[i % MERCHANTS]!;
        const { paymentId } = await call(merchant, "/v1/merchant/payment", {
          amount: { unit: "iso4217/USD", value: String(100 + i) },
          referenceId: `bench-${i}`,
        });
        await call(merchant, `/v1/payments/${paymentId}/cancel`, {});
      }
    }),
  );
  const changesDone = Date.now();
  const paymentsOf = (m: number) => Math.floor(PAYMENTS / MERCHANTS) + (m < PAYMENTS % MERCHANTS ? 1 : 0);
  const expectedOf = (hanging: boolean) =>
    merchants.reduce((n, merchant, m) => n + (merchant.hanging === hanging ? 2 * paymentsOf(m) : 0), 0);
  const healthyEndpoints = merchants.filter((m) => !m.hanging).flatMap((m) => m.endpoints);
  const healthyArrived = () => healthyEndpoints.reduce((n, e) => n + e.arrivals.length, 0);
  const deadline = Date.now() + TIMEOUT_S * 1000;
  while (healthyArrived() < expectedOf(false) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

  const hangingIds = merchants.filter((m) => m.hanging).map((m) => m.id);
  const splits = await sql<(Split & { hanging: boolean })[]>`
    select e.merchant_id = any(${sql.array(hangingIds)}::text[]) as hanging,
           percentile_cont(0.5) within group (order by extract(epoch from a.started_at - ev.created_at) * 1000)::int as wait_p50,
           percentile_cont(0.99) within group (order by extract(epoch from a.started_at - ev.created_at) * 1000)::int as wait_p99,
           percentile_cont(0.5) within group (order by a.duration_ms)::int as attempt_p50,
           percentile_cont(0.99) within group (order by a.duration_ms)::int as attempt_p99
    from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
      join webhook_events ev on ev.id = d.event_id join webhook_endpoints e on e.id = d.endpoint_id
    group by 1`;
  const groupOf = (hanging: boolean) => ({
    merchants: merchants.filter((m) => m.hanging === hanging).length,
    endpoints: merchants.filter((m) => m.hanging === hanging).flatMap((m) => m.endpoints),
    expected: expectedOf(hanging),
    split: splits.find((s) => s.hanging === hanging),
  });
  report(
    {
      payments: PAYMENTS,
      merchants: MERCHANTS,
      hanging: HANGING,
      hangingEndpoints: HANGING_ENDPOINTS,
      oneHost: ONE_HOST,
    },
    { healthy: groupOf(false), hanging: groupOf(true) },
    { started, changesDone },
  );
}

void runWithCleanups("webhook benchmark", main);
