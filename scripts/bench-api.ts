/**
 * API throughput benchmark: the production build's status and create endpoints against two floors,
 * the app's own trivial route (/livez: what Next.js + our route wrapper cost) and a bare node:http +
 * postgres.js server doing the same status work (what the machine can do).
 *
 *   npm run bench:api [-- --no-build] [-- --control]
 *   env: BENCH_SECONDS (5), BENCH_CONNECTIONS (32), BENCH_ROUNDS (4)
 *
 * `--control` puts GET /livez in the create target's place, so no payment is created: a trend that
 * remains then does not come from the payments the rounds add. Every run also shows what ran on
 * the machine over its window (the app, the bare server, PostgreSQL's processes, this process, all
 * of the machine, in cores), since a target slowed by another process's work looks like one that
 * got slower itself.
 *
 * Load: scripts/bench/http-load.ts, closed loop, in this process (it costs ~0.05 ms CPU per request,
 * a tenth of what a general-purpose client costs, so the servers keep the machine's cores).
 * Figures go to stdout and tests/artifacts/bench-api.json. Exits 0 when a target is missed: it is a
 * measurement, not a test; the FAIL lines say what missed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { launchNextServer } from "../tests/support/next-server";
import { ensureBuild } from "./bench/ensure-build";
import { createFixture } from "./bench/fixture";
import postgres from "postgres";
import { measure, warmUp, type CpuSampler, type RunFigures, type Target } from "./bench/load";
import { machineBusyMs, processCpuMs } from "./bench/proc-stats";
import { checksOf, perRoundOf, printReport, ratiosOf, summarise } from "./bench/report";
import { positiveInt, runWithCleanups, type Cleanup } from "./bench/run-with-cleanups";
import { startBareServer } from "./bench/start-bare-server";
import { testDatabaseUrl } from "../tests/support/database-url";
import { ARTIFACTS, freePort, TEST_ENV } from "../tests/support/server";

const SECONDS = positiveInt("BENCH_SECONDS", 5);
const CONNECTIONS = positiveInt("BENCH_CONNECTIONS", 32);
// Interleaved rounds (A B C D A B C D …), so drift (thermal, background work) hits every target; four,
// so that one run disturbed by the machine's other work cannot decide a median.
const ROUNDS = positiveInt("BENCH_ROUNDS", 4);
// A fresh server needs several seconds of load before V8 has optimised the hot paths (the status
// route costs ~2x the CPU per request in its first 2 s), so every target gets this once up front.
const FIRST_WARMUP_SECONDS = 4;

async function main(cleanups: Cleanup[]): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await ensureBuild(process.argv.includes("--no-build"), join(ARTIFACTS, "bench-api-build.log"));

  // Default LOG_LEVEL (info): one pino line per request is part of what a request costs.
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const logFile = join(ARTIFACTS, `bench-api-${port}.log`);
  const app = await launchNextServer({ port, env: { ...TEST_ENV, PUBLIC_BASE_URL: appUrl }, logFile });
  cleanups.push({ name: "app (next start)", pid: app.pid, run: app.stop });
  console.log(`app: next start at ${appUrl}, pid ${app.pid}, log ${logFile}`);

  const databaseUrl = testDatabaseUrl();
  const fixture = await createFixture(databaseUrl, appUrl);
  cleanups.push({ name: "bench data", run: fixture.close });
  const bare = await startBareServer({ DATABASE_URL: databaseUrl });
  cleanups.push({ name: "bare server", pid: bare.pid, run: bare.stop });
  console.log(`bare: node:http + postgres.js at ${bare.url}, pid ${bare.pid}`);

  const control = process.argv.includes("--control");
  const watch = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  cleanups.push({ name: "cpu sampler's connection", run: () => watch.end({ timeout: 5 }) });
  const sampleCpu = cpuSampler(watch, { app: app.pid, bare: bare.pid });

  const statusPath = `/v1/merchant/payment/${fixture.paymentId}/status`;
  const auth = { "Api-Key": fixture.headers["Api-Key"]!, "Merchant-Id": fixture.merchantId };
  const targets: Target[] = [
    {
      name: "status",
      label: "A app    GET /v1/merchant/payment/{id}/status",
      serverPid: app.pid,
      request: { url: appUrl + statusPath, headers: auth },
    },
    control
      ? {
          name: "create",
          label: "B app    GET /livez in the create slot (--control: no payments created)",
          serverPid: app.pid,
          request: { url: `${appUrl}/livez` },
        }
      : {
          name: "create",
          label: "B app    POST /v1/merchant/payment (new each)",
          serverPid: app.pid,
          request: {
            url: `${appUrl}/v1/merchant/payment`,
            method: "POST",
            headers: fixture.headers,
            body: JSON.stringify({ amount: { unit: "iso4217/USD", value: "1250" }, referenceId: "bench-order" }),
          },
        },
    {
      name: "trivial",
      label: "C app    GET /livez (trivial route)",
      serverPid: app.pid,
      request: { url: `${appUrl}/livez` },
    },
    {
      name: "bare",
      label: "D bare   GET /v1/merchant/payment/{id}/status",
      serverPid: bare.pid,
      request: { url: bare.url + statusPath, headers: auth },
    },
  ];
  await assertSameAnswer(appUrl + statusPath, bare.url + statusPath, auth);

  console.log(`warm-up: ${FIRST_WARMUP_SECONDS} s per target at ${CONNECTIONS} connections (discarded)`);
  for (const target of targets) await warmUp(target, CONNECTIONS, FIRST_WARMUP_SECONDS);
  const runs = new Map<string, RunFigures[]>(targets.map((t) => [t.name, []]));
  const latencies = new Map<string, Float64Array[]>(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of targets) {
      const { figures, latenciesMs } = await measure({ target, connections: CONNECTIONS, seconds: SECONDS, sampleCpu });
      runs.get(target.name)!.push(figures);
      latencies.get(target.name)!.push(latenciesMs);
      console.log(
        `round ${round}/${ROUNDS} ${target.name.padEnd(7)} ${figures.requestsPerSec.toFixed(0).padStart(6)} req/s  p99 ${figures.p99Ms} ms`,
      );
    }
  }

  const results = targets.map((t) => summarise(t, runs.get(t.name)!, latencies.get(t.name)!));
  const byName = Object.fromEntries(results.map((r) => [r.name, r]));
  const checks = checksOf(byName, CONNECTIONS);
  printReport({ results, checks, connections: CONNECTIONS, seconds: SECONDS });

  const out = join(ARTIFACTS, "bench-api.json");
  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version };
  const settings = {
    control,
    seconds: SECONDS,
    warmupSeconds: 1,
    firstWarmupSeconds: FIRST_WARMUP_SECONDS,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    load: "scripts/bench/http-load.ts",
    summary:
      "req/s and cpu: median of rounds; ratios: median of per-round ratios; p50/p99: all rounds' 2xx responses pooled; error counts summed; perRound: each round's req/s, p99 and status/trivial",
  };
  writeFileSync(
    out,
    `${JSON.stringify({ at: new Date().toISOString(), machine, settings, results, perRound: perRoundOf(results), ratios: ratiosOf(byName), checks }, null, 2)}\n`,
  );
  console.log(`\nfigures: ${out}`);
}

/**
 * CPU so far of the app, the bare server, every PostgreSQL process (pg_stat_activity lists its
 * background processes too: autovacuum, the checkpointer, the WAL writer), this process and the machine.
 */
function cpuSampler(sql: postgres.Sql, pids: Record<string, number>): CpuSampler {
  return async () => {
    const parts: Record<string, number> = {};
    for (const [name, pid] of Object.entries(pids)) {
      const ms = processCpuMs(pid);
      if (ms !== undefined) parts[name] = ms;
    }
    for (const { pid } of await sql<{ pid: number }[]>`select pid from pg_stat_activity`) {
      const ms = processCpuMs(pid);
      if (ms !== undefined) parts[`postgres:${pid}`] = ms;
    }
    const own = process.cpuUsage();
    parts.bench = (own.user + own.system) / 1000;
    const machine = machineBusyMs();
    if (machine !== undefined) parts.machine = machine;
    return parts;
  };
}

/** Both servers must give the same answer, or the comparison is meaningless. */
async function assertSameAnswer(appUrl: string, bareUrl: string, headers: Record<string, string>): Promise<void> {
  const [a, b] = await Promise.all(
    [appUrl, bareUrl].map(async (url) => {
      const res = await fetch(url, { headers });
      return `${res.status} ${await res.text()}`;
    }),
  );
  if (a !== b) throw new Error(`the app and the bare server answer differently:\n  app:  ${a}\n  bare: ${b}`);
  console.log(`both answer: ${a}`);
}

await runWithCleanups("servers", main);
