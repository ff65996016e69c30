/**
 * Detection benchmark: what the ledger's scan (lib/ledger/scan-network.ts, every LEDGER_SCAN_INTERVAL_MS
 * at its default) costs per scanned block with 10 and with 10,000 open payments, and how long after
 * its block a transfer sent without any confirm is in the ledger and its payment reads succeeded.
 *
 *   npm run bench:detect [-- --no-build] [-- --keep]
 *   env: DATABASE_URL (server for the scratch databases <name>_detect_<level>; default: embedded
 *        PostgreSQL on 54359), BENCH_OPEN (10000: the large level), BENCH_TRANSFERS (100), BENCH_BOUND
 *        (40: transfers paying an open payment; the rest are plain), BENCH_BLOCK_MS (1000),
 *        BENCH_SEND_PER_SECOND (4), BENCH_IDLE_SCANS (10)
 *
 * One devnet whose anvil mines a block every BENCH_BLOCK_MS (the bench mines; automine off); per level
 * a fresh database seeded in bulk and one production server reaching the chains through RPC proxies
 * and PostgreSQL through a wire-protocol proxy, both counting. Figures go to stdout and
 * tests/artifacts/bench-detect.json. Exits 0 when a target is missed (FAIL lines say which), 1 when
 * the bench itself cannot run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { runMigrations } from "@/db/migrate";
import { devnetNetworks } from "@/lib/chains/devnet-networks";
import { env } from "@/lib/env";
import { ensureBuild } from "../bench/ensure-build";
import { positiveInt, runWithCleanups, type Cleanup } from "../bench/run-with-cleanups";
import { openScratchDatabase } from "../bench-listing/database";
import { percentile } from "../bench-listing/measure";
import { startDevnetProcess } from "../bench-settle/devnet-process";
import { writeNetworksFile } from "../bench-settle/instances";
import { printChecks, type Check } from "../bench-settle/report";
import type { DevnetInfo } from "@payment-service/devnet";
import { launchNextServer, ROOT } from "../../tests/support/next-server";
import { startRpcProxy, type RpcProxy } from "@payment-service/devnet/rpc-proxy";
import { ARTIFACTS, freePort, TEST_ENV } from "../../tests/support/server";
import { startBlockMiner, type BlockMiner } from "./block-miner";
import { waitSucceeded, watchRows } from "./detect-clock";
import { startPgWireProxy } from "./pg-wire-proxy";
import {
  printLatency,
  printPerBlock,
  printStatements,
  printWatchSet,
  statementTotals,
  type LevelResult,
  type Network,
} from "./report";
import { openScanWindow } from "./scan-window";
import { seedOpenPayments } from "./seed-open-payments";
import { minedBlocks, planTransfers, sendTransfers, type SentTransfer } from "./send-transfers";
import { measureWatchSet } from "./watch-set-cost";

const LEVELS = [10, positiveInt("BENCH_OPEN", 10_000)];
const TRANSFERS = positiveInt("BENCH_TRANSFERS", 100);
const BOUND = positiveInt("BENCH_BOUND", 40);
const BLOCK_MS = positiveInt("BENCH_BLOCK_MS", 1000);
const SEND_PER_SECOND = positiveInt("BENCH_SEND_PER_SECOND", 4);
const IDLE_SCANS = positiveInt("BENCH_IDLE_SCANS", 10);
const KEEP = process.argv.includes("--keep");
/** Growth allowed between the levels' per-block figures before it counts as growing (scan phases vary a little). */
const SLACK = 1.1;

// The app runs with the scan interval's default: nothing from the shell may change it.
delete process.env.LEDGER_SCAN_INTERVAL_MS;

type Shared = {
  devnet: DevnetInfo;
  miner: BlockMiner;
  proxies: Record<string, RpcProxy>;
  networksFile: string;
};

/** Scratch databases named after DATABASE_URL's own (h6_bench -> h6_bench_detect_10), so engineers sharing a server do not collide. */
const scratchOf = (level: number) =>
  `${new URL(process.env.DATABASE_URL ?? "postgres://x/bench").pathname.slice(1).replace(/[^a-z0-9_]/gi, "") || "bench"}_detect_${level}`;

/** Run `cleanups` pushed since `mark` now (newest first), so one level's server and database are gone before the next. */
async function release(cleanups: Cleanup[], mark: number): Promise<void> {
  for (const c of cleanups.splice(mark).reverse())
    await c.run().catch((err: unknown) => console.warn(`cleanup of ${c.name} failed: ${String(err)}`));
}

async function runLevel(shared: Shared, open: number, cleanups: Cleanup[]): Promise<LevelResult> {
  const { devnet, miner, proxies } = shared;
  const chainId = devnet.evm.chainId;
  const scratch = await openScratchDatabase(process.env.DATABASE_URL, scratchOf(open));
  cleanups.push({ name: KEEP ? "PostgreSQL (database kept)" : "scratch database", run: () => scratch.close(KEEP) });
  await runMigrations(scratch.url);
  const sql = postgres(scratch.url, { max: 4, onnotice: () => {} });
  cleanups.push({ name: "bench database client", run: () => sql.end({ timeout: 5 }) });
  const seedStart = performance.now();
  const seeded = await seedOpenPayments(sql, devnet, { count: open, payable: BOUND });
  console.log(
    `\n${open.toLocaleString("en-US")} open payments: ${seeded.merchants} merchants, ${seeded.options.toLocaleString("en-US")} live quotes seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${scratch.url.replace(/\/\/[^@]*@/, "//")})`,
  );

  const pg = await startPgWireProxy(scratch.url);
  cleanups.push({ name: "PostgreSQL wire proxy", run: pg.close });
  const port = await freePort();
  const server = await launchNextServer({
    port,
    env: {
      ...TEST_ENV,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: pg.url,
      NETWORKS_FILE: shared.networksFile,
      DEVNET_FILE: join(ARTIFACTS, "no-devnet.json"),
      EVM_RELAYER_PRIVATE_KEY: devnet.evm.relayer.privateKey,
      SOLANA_FEE_PAYER_SECRET_KEY: devnet.solana.feePayer.secretKey,
      LEDGER_SCAN_INTERVAL_MS: undefined,
    },
    logFile: join(ARTIFACTS, `bench-detect-app-${open}-${port}.log`),
  });
  cleanups.push({ name: `app (next start, ${open} open)`, run: server.stop, pid: server.pid });

  // The first scans start LEDGER_START_LOOKBACK_BLOCKS behind the head: measure from when one has reached
  // the head it saw (scanned_at is set then; the chain moves on meanwhile, a block a second).
  const caughtUp = performance.now() + 60_000;
  for (;;) {
    const [row] = await sql<
      { at: Date | null }[]
    >`select scanned_at as at from ledger_cursors where chain_id = ${chainId}`;
    if (row?.at) break;
    if (performance.now() > caughtUp) throw new Error("the scan did not reach the head within 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }

  const counters = { rpc: proxies, pg };
  let idleScans = 0;
  const idle = await (await openScanWindow(sql, chainId, counters)).close(() => ++idleScans >= IDLE_SCANS);
  console.log(`  idle: ${idle.scans} scans, ${idle.blocks} blocks`);

  const planned = planTransfers(devnet, { payable: seeded.payable, addresses: seeded.addresses, total: TRANSFERS });
  const window = await openScanWindow(sql, chainId, counters);
  const sent: SentTransfer[] = [];
  const rows = watchRows(sql, () => sent.map((s) => s.hash));
  const boundIds = seeded.payable.map((o) => o.paymentId);
  let paymentsDone = false;
  const reads = waitSucceeded(server.url, boundIds, performance.now() + 120_000).finally(() => (paymentsDone = true));
  let busy;
  try {
    await sendTransfers(devnet, { planned, perSecond: SEND_PER_SECOND, sent });
    await minedBlocks(devnet, sent);
    busy = await window.close(() => paymentsDone && sent.every((s) => rows.seen.has(s.hash.toLowerCase())));
  } finally {
    await rows.stop();
  }
  const seen = rows.seen;
  const succeeded = await reads;
  console.log(`  transfers: ${busy.scans} scans, ${busy.blocks} blocks`);

  const wrong: string[] = [];
  const latency = { rows: [] as number[], payments: [] as number[] };
  for (const s of sent) {
    const minedAt = miner.minedAt.get(s.block!);
    const row = seen.get(s.hash.toLowerCase());
    if (minedAt === undefined) throw new Error(`block ${s.block} was not mined by the bench`);
    if (!row) wrong.push(`${s.hash}: no row`);
    else {
      latency.rows.push(row.at - minedAt);
      const expected = s.paymentId ? `bound ${s.paymentId}` : "unmatched null";
      if (row.rows !== 1 || `${row.match} ${row.paymentId}` !== expected)
        wrong.push(`${s.hash}: ${row.rows} rows, ${row.match} ${row.paymentId}, expected ${expected}`);
    }
    if (!s.paymentId) continue;
    const read = succeeded.get(s.paymentId);
    if (read?.at === undefined) wrong.push(`${s.paymentId}: reads ${read?.status ?? "nothing"}`);
    else latency.payments.push(read.at - minedAt);
  }

  await server.stop();
  const scanned = await sql<{ chain_id: string }[]>`select chain_id from ledger_cursors`;
  const watchSet = await measureWatchSet(scratch.url, chainId);
  return {
    seeded: { payments: seeded.payments, merchants: seeded.merchants, options: seeded.options },
    idle,
    busy,
    transfers: { sent: sent.length, bound: boundIds.length, plain: sent.length - boundIds.length, wrong },
    latency,
    watchSet,
    scannedChains: scanned.map((r) => r.chain_id),
  };
}

function checksOf(levels: LevelResult[], networks: Network[], targetMs: number): Check[] {
  const [small, large] = [levels[0]!, levels.at(-1)!];
  const evm = networks.find((n) => n.proxy === "evm")!;
  const calls = (w: LevelResult["idle"]) => Object.values(w.rpc[evm.proxy] ?? {}).reduce((a, b) => a + b, 0);
  const perBlock = (n: number, w: LevelResult["idle"]) => n / Math.max(1, w.blocks);
  const label = (l: LevelResult) => l.seeded.payments.toLocaleString("en-US");
  const grow = (what: string, of: (w: LevelResult["idle"]) => number): Check => {
    const a = perBlock(of(small.idle), small.idle);
    const b = perBlock(of(large.idle), large.idle);
    return {
      name: `${what} per scanned block do not grow with open payments and merchants (idle, ${label(large)} <= ${SLACK} x ${label(small)})`,
      pass: b <= a * SLACK,
      detail: `${a.toFixed(2)} at ${label(small)} (${small.seeded.merchants} merchants), ${b.toFixed(2)} at ${label(large)} (${large.seeded.merchants} merchants)`,
    };
  };
  const windows = levels.flatMap((l) => [
    { l, w: l.idle, name: "idle" },
    { l, w: l.busy, name: "transfers" },
  ]);
  const p99 = (xs: number[]) => (xs.length ? percentile(xs, 99) : NaN);
  return [
    grow(`${evm.chainId} RPC calls`, calls),
    {
      name: `${evm.chainId}: one eth_getLogs per scanned range, whatever the number of payments`,
      pass: windows.every(({ w }) => (w.rpc[evm.proxy]?.eth_getLogs ?? 0) <= w.scans),
      detail: windows
        .map(({ l, w, name }) => `${label(l)} ${name}: ${w.rpc[evm.proxy]?.eth_getLogs ?? 0} for ${w.scans} scans`)
        .join("; "),
    },
    grow("database statements", (w) => statementTotals(w).executions),
    {
      name: "the watch set reads one row per watched address, not one per quote (lib/ledger/load-watch-set.ts, rows <= 1.1 x addresses + 10)",
      pass: levels.every((l) => (l.watchSet.statements[0]?.rows ?? 0) <= l.watchSet.addresses * SLACK + 10),
      detail: levels
        .map(
          (l) =>
            `${label(l)} open: ${l.watchSet.statements[0]?.rows} rows for ${l.watchSet.addresses} addresses, ${l.watchSet.medianMs.toFixed(1)} ms`,
        )
        .join("; "),
    },
    ...levels.flatMap((l) => [
      {
        name: `${evm.chainId}, ${label(l)} open: every transfer recorded within ${evm.confirmations} confirmation(s) + 2 s (p99 row after block)`,
        pass: l.latency.rows.length === l.transfers.sent && p99(l.latency.rows) <= targetMs,
        detail: `p99 ${p99(l.latency.rows).toFixed(0)} ms, target ${targetMs} ms, ${l.latency.rows.length} of ${l.transfers.sent} recorded`,
      },
      {
        name: `${evm.chainId}, ${label(l)} open: every paid payment reads succeeded within ${evm.confirmations} confirmation(s) + 2 s (p99)`,
        pass: l.latency.payments.length === l.transfers.bound && p99(l.latency.payments) <= targetMs,
        detail: `p99 ${p99(l.latency.payments).toFixed(0)} ms, target ${targetMs} ms, ${l.latency.payments.length} of ${l.transfers.bound}`,
      },
      {
        name: `${label(l)} open: each transfer recorded once, bound to its payment or unmatched as sent`,
        pass: l.transfers.wrong.length === 0,
        detail:
          l.transfers.wrong.length === 0 ? `${l.transfers.sent} transfers` : l.transfers.wrong.slice(0, 3).join("; "),
      },
    ]),
  ];
}

async function main(cleanups: Cleanup[]): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await ensureBuild(process.argv.includes("--no-build"), join(ARTIFACTS, "bench-detect-build.log"));
  const devnetFile = join(ROOT, ".devnet", `bench-detect-devnet-${process.pid}.json`);
  const devnet = await startDevnetProcess(devnetFile, join(ARTIFACTS, "bench-detect-devnet.log"));
  cleanups.push({ name: "devnet", pid: devnet.pid, run: devnet.stop });
  const miner = await startBlockMiner(devnet.info.evm.rpcUrl, BLOCK_MS);
  cleanups.push({ name: "block miner", run: miner.stop });
  const [evm, solana] = await Promise.all([
    startRpcProxy(devnet.info.evm.rpcUrl),
    startRpcProxy(devnet.info.solana.rpcUrl),
  ]);
  cleanups.push({ name: "RPC proxies", run: async () => void (await Promise.all([evm.close(), solana.close()])) });
  const proxies = { evm, solana };
  const networksFile = writeNetworksFile(devnet.info, "bench-detect-app", { evm: evm.url, solana: solana.url });
  const configured = devnetNetworks(devnet.info);
  const { LEDGER_SCAN_INTERVAL_MS } = env();
  console.log(
    `devnet: anvil ${devnet.info.evm.rpcUrl} (a block every ${BLOCK_MS} ms), Solana ${devnet.info.solana.rpcUrl}; scans every ${LEDGER_SCAN_INTERVAL_MS} ms (the default)`,
  );

  const load = { before: loadavg()[0]!, after: NaN };
  const levels: LevelResult[] = [];
  for (const open of LEVELS) {
    const mark = cleanups.length;
    try {
      levels.push(await runLevel({ devnet: devnet.info, miner, proxies, networksFile }, open, cleanups));
    } finally {
      await release(cleanups, mark);
    }
  }
  load.after = loadavg()[0]!;

  const networks: Network[] = configured.map((n) => ({
    chainId: n.chainId,
    proxy: n.chainId.startsWith("eip155:") ? "evm" : "solana",
    scanned: levels.some((l) => l.scannedChains.includes(n.chainId)),
    confirmations: n.confirmations,
  }));
  const evmNetwork = networks.find((n) => n.chainId === devnet.info.evm.chainId)!;
  // Recorded once the block under it has its confirmations (the block itself is the first), plus 2 s.
  const targetMs = (evmNetwork.confirmations - 1) * BLOCK_MS + 2000;
  printPerBlock(levels, networks);
  printStatements(levels, 14);
  printWatchSet(levels);
  printLatency(
    levels,
    targetMs,
    `block mined (evm_mine returned) -> chain_transfers row seen (20 ms polls) / -> gateway status long-poll answers succeeded; ${evmNetwork.confirmations} confirmation, blocks every ${BLOCK_MS} ms, scans every ${LEDGER_SCAN_INTERVAL_MS} ms, ${SEND_PER_SECOND} transfers/s sent`,
  );
  const checks = checksOf(levels, networks, targetMs);
  printChecks(checks);
  console.log(
    `\nload average ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after, on ${cpus().length} cores`,
  );

  const out = join(ARTIFACTS, "bench-detect.json");
  const json = {
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version, loadAverage: load },
    settings: {
      levels: LEVELS,
      transfers: TRANSFERS,
      bound: BOUND,
      blockMs: BLOCK_MS,
      scanIntervalMs: LEDGER_SCAN_INTERVAL_MS,
    },
    levels: levels.map((l) => ({
      ...l,
      idle: { ...l.idle, statements: Object.fromEntries(l.idle.statements) },
      busy: { ...l.busy, statements: Object.fromEntries(l.busy.statements) },
    })),
    checks,
  };
  writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
  const failed = checks.filter((c) => !c.pass);
  console.log(
    `${failed.length ? `FAIL: ${failed.length} target(s) missed` : "PASS: every target met"}; figures in ${out.slice(ROOT.length + 1)}`,
  );
}

await runWithCleanups("the app, the proxies and the devnet", main);
