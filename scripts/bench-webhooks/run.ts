/**
 * Webhook benchmark: 1,000 payments created and then cancelled through the merchant API of a
 * production instance (2,000 state changes, each an event), delivered to a local receiver that
 * verifies every signature and answers at once. Prints events delivered per second and the delay
 * from each status change (the event's `created_at`, written in the change's transaction) to its
 * arrival, p50/p99; the target is p99 under 1 s.
 *
 *   npm run bench:webhooks [-- --no-build]
 *   env: DATABASE_URL (server for the scratch database <name>_webhooks; default: embedded
 *        PostgreSQL on 54359), BENCH_PAYMENTS (1000), BENCH_CONCURRENCY (16), BENCH_TIMEOUT_S (120)
 *
 * Figures go to stdout and tests/artifacts/bench-webhooks.json. Exits 0 when the target is missed
 * (a FAIL line says so), 1 when the bench itself cannot run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
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
import { startBenchReceiver, type Arrival } from "./receiver";

const PAYMENTS = positiveInt("BENCH_PAYMENTS", 1000);
const CONCURRENCY = positiveInt("BENCH_CONCURRENCY", 16);
const TIMEOUT_S = positiveInt("BENCH_TIMEOUT_S", 120);

function scratchName(): string {
  const own = process.env.DATABASE_URL
    ? new URL(process.env.DATABASE_URL).pathname.slice(1).replace(/[^a-z0-9_]/gi, "")
    : "";
  return `${own || "bench"}_webhooks`;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function main(cleanups: Cleanup[]): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await ensureBuild(process.argv.includes("--no-build"), join(ARTIFACTS, "bench-webhooks-build.log"));
  const scratch = await openScratchDatabase(process.env.DATABASE_URL, scratchName());
  cleanups.push({ name: "scratch database", run: () => scratch.close(false) });
  let secret = "";
  const receiver = await startBenchReceiver(() => secret);
  cleanups.push({ name: "receiver", run: receiver.close });

  const port = await freePort();
  const app = await launchNextServer({
    port,
    logFile: join(ARTIFACTS, "bench-webhooks-app.log"),
    env: {
      DATABASE_URL: scratch.url,
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_CONCURRENCY: process.env.BENCH_WEBHOOK_CONCURRENCY,
      LOG_LEVEL: "warn",
      DEVNET_FILE: join(ARTIFACTS, "no-devnet.json"),
      NETWORKS_FILE: undefined,
    },
  });
  cleanups.push({ name: "app", pid: app.pid, run: app.stop });
  const sql = postgres(scratch.url, { max: 2, onnotice: () => {} });
  cleanups.push({ name: "bench connection", run: () => sql.end({ timeout: 5 }) });
  const db = drizzle(sql, { schema }) as unknown as Db;
  const merchant = await createMerchant(db, {
    name: "Bench Shop",
    currency: "USD",
    evmAddress: null,
    solanaAddress: null,
  });
  console.log(
    `app ${app.url} (pid ${app.pid}) on ${scratch.origin}; receiver ${receiver.url}; ${PAYMENTS} payments, ${CONCURRENCY} at a time, on ${cpus().length} cores`,
  );

  const headers = {
    "api-key": merchant.apiKey,
    "merchant-id": merchant.merchantId,
    "content-type": "application/json",
  };
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${app.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ paymentId: string }>;
  };
  // Registered as a merchant does: the secret is stored sealed, and every attempt opens it to sign.
  ({ secret } = (await call("/v1/webhook-endpoints", { url: receiver.url })) as unknown as { secret: string });
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PAYMENTS) {
        const i = next++;
        const { paymentId } = await call("/v1/merchant/payment", {
          amount: { unit: "iso4217/USD", value: String(100 + i) },
          referenceId: `bench-${i}`,
        });
        await call(`/v1/payments/${paymentId}/cancel`, {});
      }
    }),
  );
  const changesDone = Date.now();
  const expected = PAYMENTS * 2;
  const deadline = Date.now() + TIMEOUT_S * 1000;
  while (receiver.arrivals.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  // Where the time goes, from the app's own records: waiting to be claimed, then the attempt itself.
  const [split] = await sql<{ wait_p50: number; wait_p99: number; attempt_p50: number; attempt_p99: number }[]>`
    select percentile_cont(0.5) within group (order by extract(epoch from a.started_at - ev.created_at) * 1000)::int as wait_p50,
           percentile_cont(0.99) within group (order by extract(epoch from a.started_at - ev.created_at) * 1000)::int as wait_p99,
           percentile_cont(0.5) within group (order by a.duration_ms)::int as attempt_p50,
           percentile_cont(0.99) within group (order by a.duration_ms)::int as attempt_p99
    from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id join webhook_events ev on ev.id = d.event_id`;
  report(receiver.arrivals, expected, receiver.refused(), { started, changesDone }, split!);
}

type Split = { wait_p50: number; wait_p99: number; attempt_p50: number; attempt_p99: number };

function report(
  arrivals: Arrival[],
  expected: number,
  refused: number,
  t: { started: number; changesDone: number },
  split: Split,
) {
  const delays = arrivals.map((a) => a.arrivedAt - a.changedAt).sort((a, b) => a - b);
  const last = Math.max(...arrivals.map((a) => a.arrivedAt));
  const unique = new Set(arrivals.map((a) => a.eventId)).size;
  const figures = {
    events: { expected, delivered: arrivals.length, unique, refusedSignatures: refused },
    changesPerSecond: Math.round((expected / (t.changesDone - t.started)) * 1000),
    deliveredPerSecond: Math.round((arrivals.length / (last - t.started)) * 1000),
    split,
    delayMs: {
      p50: percentile(delays, 50),
      p90: percentile(delays, 90),
      p99: percentile(delays, 99),
      max: delays.at(-1) ?? NaN,
    },
  };
  writeFileSync(join(ARTIFACTS, "bench-webhooks.json"), JSON.stringify(figures, null, 2));
  console.log(
    `\nstate changes: ${expected} in ${((t.changesDone - t.started) / 1000).toFixed(1)} s (${figures.changesPerSecond}/s)`,
  );
  console.log(
    `delivered:     ${arrivals.length} events (${unique} distinct, ${refused} refused signatures) at ${figures.deliveredPerSecond}/s`,
  );
  console.log(
    `change -> delivery: p50 ${figures.delayMs.p50} ms, p90 ${figures.delayMs.p90} ms, p99 ${figures.delayMs.p99} ms, max ${figures.delayMs.max} ms`,
  );
  console.log(
    `  of which:     change -> attempt started p50 ${split.wait_p50} ms, p99 ${split.wait_p99} ms; attempt (POST to answer) p50 ${split.attempt_p50} ms, p99 ${split.attempt_p99} ms`,
  );
  const checks = [
    {
      pass: arrivals.length === expected && unique === expected && refused === 0,
      detail: `every event delivered once, verified (${unique}/${expected})`,
    },
    { pass: figures.delayMs.p99 < 1000, detail: `p99 change -> delivery under 1 s (${figures.delayMs.p99} ms)` },
  ];
  for (const c of checks) console.log(`${c.pass ? "PASS" : "FAIL"} ${c.detail}`);
}

void runWithCleanups("webhook benchmark", main);
