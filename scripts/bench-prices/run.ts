/**
 * Price benchmark: options for 1,000 payments in USD, EUR, GBP and JPY with live prices (the devnet's
 * price feeds, read through an RPC proxy that counts every feed read), against the same number of
 * options for USD payments priced 1:1 by the peg with no feeds configured (the static path). Both
 * production instances run at once on one scratch database and take turns in rounds, so drift on the
 * machine hits both alike.
 *
 *   npm run bench:prices [-- --no-build]
 *   env: DATABASE_URL (server for the scratch database <name>_prices; default: embedded PostgreSQL),
 *        BENCH_PAYMENTS (1000), BENCH_CONCURRENCY (8), BENCH_ROUNDS (4), BENCH_PRICE_REFRESH_MS (2000)
 *
 * Targets: at most one feed read per pair per PRICE_REFRESH_MS (reads <= intervals the run spanned + 1),
 * and options p99 with live prices within 1.2x of the static path. Figures go to stdout and
 * tests/artifacts/bench-prices.json; exits 0 when a target is missed (a FAIL line says so), 1 when the
 * bench cannot run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "@/db/schema";
import type { Db } from "@/db/client";
import { devnetNetworks, type DevnetFile } from "@/lib/chains/devnet-networks";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { ensureBuild } from "../bench/ensure-build";
import { positiveInt, runWithCleanups, type Cleanup } from "../bench/run-with-cleanups";
import { openScratchDatabase } from "../bench-listing/database";
import { startDevnetProcess } from "../bench-settle/devnet-process";
import { launchNextServer, type NextServer } from "../../tests/support/next-server";
import { startRpcProxy, type RpcCall } from "@payment-service/devnet/rpc-proxy";
import { ARTIFACTS, freePort } from "../../tests/support/server";

const PAYMENTS = positiveInt("BENCH_PAYMENTS", 1000);
const CONCURRENCY = positiveInt("BENCH_CONCURRENCY", 8);
const ROUNDS = positiveInt("BENCH_ROUNDS", 4);
const REFRESH_MS = positiveInt("BENCH_PRICE_REFRESH_MS", 2000);
const CURRENCIES = [
  { code: "USD", value: "1250" },
  { code: "EUR", value: "1250" },
  { code: "GBP", value: "1250" },
  { code: "JPY", value: "1800" },
];
const BUYER = "0x1111111111111111111111111111111111111111";
let buyerAccount = "";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

type Shop = { name: string; app: NextServer; headers: Record<string, string>; currencies: typeof CURRENCIES };

async function main(cleanups: Cleanup[]): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await ensureBuild(process.argv.includes("--no-build"), join(ARTIFACTS, "bench-prices-build.log"));
  const devnet = await startDevnetProcess(
    join(ARTIFACTS, "bench-prices-devnet.json"),
    join(ARTIFACTS, "bench-prices-devnet.log"),
  );
  cleanups.push({ name: "devnet", pid: devnet.pid, run: devnet.stop });
  const info = devnet.info as unknown as DevnetFile;
  buyerAccount = `${info.evm.chainId}:${BUYER}`;

  // Every eth_call that names a feed's address is a feed read (one deployless multicall reads them all).
  const feedAddresses = (info.evm.priceFeeds ?? []).map((f) => f.address.slice(2).toLowerCase());
  if (feedAddresses.length === 0) throw new Error("the devnet deployed no price feeds");
  const feedReads: number[] = [];
  const isFeedRead = (call: RpcCall) =>
    call.method === "eth_call" && feedAddresses.some((a) => JSON.stringify(call.params).toLowerCase().includes(a));
  const proxy = await startRpcProxy(info.evm.rpcUrl, (call) => {
    if (isFeedRead(call)) feedReads.push(Date.now());
  });
  cleanups.push({ name: "rpc proxy", run: proxy.close });

  const scratch = await openScratchDatabase(process.env.DATABASE_URL, scratchName());
  cleanups.push({ name: "scratch database", run: () => scratch.close(false) });
  const live = devnetNetworks(info).map((n) => (n.chainId.startsWith("eip155:") ? { ...n, rpcUrl: proxy.url } : n));
  // The same networks without feeds: USD payments priced 1:1 by the peg, the path every payment took before feeds.
  const fixed = live.map((n) => ({ ...n, priceFeeds: null }));
  const sql = postgres(scratch.url, { max: 2, onnotice: () => {} });
  cleanups.push({ name: "bench connection", run: () => sql.end({ timeout: 5 }) });
  const db = drizzle(sql, { schema }) as unknown as Db;

  const shops: Shop[] = [];
  for (const [name, networks, currencies] of [
    ["static", fixed, [CURRENCIES[0]!]],
    ["live", live, CURRENCIES],
  ] as const) {
    const networksFile = join(ARTIFACTS, `bench-prices-${name}-networks.json`);
    writeFileSync(networksFile, JSON.stringify({ networks }, null, 2));
    const port = await freePort();
    const app = await launchNextServer({
      port,
      logFile: join(ARTIFACTS, `bench-prices-${name}-app.log`),
      env: {
        DATABASE_URL: scratch.url,
        NETWORKS_FILE: networksFile,
        DEVNET_FILE: join(ARTIFACTS, "no-devnet.json"),
        // Without its gas keys a network offers nothing (no relayer for EIP-3009, no fee payer on Solana).
        EVM_RELAYER_PRIVATE_KEY: info.evm.relayer.privateKey,
        SOLANA_FEE_PAYER_SECRET_KEY: info.solana.feePayer.secretKey,
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        PRICE_REFRESH_MS: String(REFRESH_MS),
        GATEWAY_OPTIONS_PER_MINUTE: "1000000",
        LOG_LEVEL: "warn",
      },
    });
    cleanups.push({ name: `${name} app`, pid: app.pid, run: app.stop });
    const merchant = await createMerchant(db, {
      name: `Bench ${name}`,
      currency: "USD",
      evmAddress: BUYER.replace(/1/g, "2"),
      solanaAddress: null,
    });
    shops.push({
      name,
      app,
      currencies: [...currencies],
      headers: { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId, "content-type": "application/json" },
    });
  }
  console.log(
    `devnet ${info.evm.rpcUrl} (${feedAddresses.length} feeds); ${shops.map((s) => `${s.name} ${s.app.url}`).join(", ")}; on ${scratch.origin}`,
  );
  console.log(
    `${PAYMENTS} payments per instance in ${ROUNDS} rounds, ${CONCURRENCY} at a time, PRICE_REFRESH_MS ${REFRESH_MS}, ${cpus().length} cores`,
  );

  // Payments first (not timed), then the options calls, in turns.
  const paymentIds = new Map<string, string[]>();
  for (const shop of shops) paymentIds.set(shop.name, await createPayments(shop));
  for (const shop of shops) await optionsFor(shop, paymentIds.get(shop.name)!.slice(0, 40)); // warm-up: JIT, pools, first feed read
  feedReads.length = 0;
  const timings = new Map<string, number[]>(shops.map((s) => [s.name, []]));
  const perRound = Math.ceil(PAYMENTS / ROUNDS);
  const started = Date.now();
  for (let round = 0; round < ROUNDS; round++) {
    for (const shop of shops) {
      const ids = paymentIds.get(shop.name)!.slice(40 + round * perRound, 40 + (round + 1) * perRound);
      timings.get(shop.name)!.push(...(await optionsFor(shop, ids)));
    }
  }
  const spanMs = Date.now() - started;
  report({ timings, reads: feedReads.length, spanMs, pairs: feedAddresses.length });
}

function scratchName(): string {
  const own = process.env.DATABASE_URL
    ? new URL(process.env.DATABASE_URL).pathname.slice(1).replace(/[^a-z0-9_]/gi, "")
    : "";
  return `${own || "bench"}_prices`;
}

async function createPayments(shop: Shop): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < PAYMENTS + 40; i++) ids.push("");
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < ids.length) {
        const i = next++;
        const currency = shop.currencies[i % shop.currencies.length]!;
        const body = {
          amount: { unit: `iso4217/${currency.code}`, value: currency.value },
          referenceId: `bench-${shop.name}-${i}`,
        };
        const res = await fetch(`${shop.app.url}/v1/merchant/payment`, {
          method: "POST",
          headers: shop.headers,
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`create: ${res.status} ${await res.text()}`);
        ids[i] = ((await res.json()) as { paymentId: string }).paymentId;
      }
    }),
  );
  return ids;
}

/** Asks for options of each payment as a wallet would, and times each answer; every payment must get a USDC option. */
async function optionsFor(shop: Shop, ids: string[]): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const t0 = performance.now();
        const res = await fetch(`${shop.app.url}/v1/gateway/payment/${id}/options`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ accounts: [buyerAccount] }),
        });
        const body = (await res.json()) as { options?: { amount: { display: { assetSymbol: string } } }[] };
        times.push(performance.now() - t0);
        if (!res.ok || !body.options?.some((o) => o.amount.display.assetSymbol === "USDC")) {
          throw new Error(`${shop.name} options for ${id}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        }
      }
    }),
  );
  return times;
}

function report({
  timings,
  reads,
  spanMs,
  pairs,
}: {
  timings: Map<string, number[]>;
  reads: number;
  spanMs: number;
  pairs: number;
}) {
  const stats = (name: string) => {
    const sorted = [...timings.get(name)!].sort((a, b) => a - b);
    return {
      n: sorted.length,
      p50: +percentile(sorted, 50).toFixed(1),
      p90: +percentile(sorted, 90).toFixed(1),
      p99: +percentile(sorted, 99).toFixed(1),
    };
  };
  const fixed = stats("static");
  const live = stats("live");
  const intervals = Math.ceil(spanMs / REFRESH_MS);
  const ratio = live.p99 / fixed.p99;
  const figures = {
    static: fixed,
    live,
    feedReads: reads,
    pairs,
    spanMs,
    refreshMs: REFRESH_MS,
    intervals,
    p99Ratio: +ratio.toFixed(2),
  };
  writeFileSync(join(ARTIFACTS, "bench-prices.json"), JSON.stringify(figures, null, 2));
  console.log(
    `\noptions, static (peg 1:1, no feeds):   ${fixed.n} calls, p50 ${fixed.p50} ms, p90 ${fixed.p90} ms, p99 ${fixed.p99} ms`,
  );
  console.log(
    `options, live (feeds, 4 currencies):   ${live.n} calls, p50 ${live.p50} ms, p90 ${live.p90} ms, p99 ${live.p99} ms`,
  );
  console.log(
    `feed reads: ${reads} eth_calls (each reads all ${pairs} pairs) over ${(spanMs / 1000).toFixed(1)} s = ${intervals} refresh intervals of ${REFRESH_MS} ms`,
  );
  const checks = [
    {
      pass: reads <= intervals + 1,
      detail: `at most one feed read per pair per refresh interval (${reads} reads in ${intervals} intervals)`,
    },
    { pass: ratio <= 1.2, detail: `options p99 with live prices within 1.2x of static (${ratio.toFixed(2)}x)` },
  ];
  for (const c of checks) console.log(`${c.pass ? "PASS" : "FAIL"} ${c.detail}`);
}

void runWithCleanups("price benchmark", main);
