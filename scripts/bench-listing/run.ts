/**
 * Listing benchmark: 1M payments for one merchant (A), 1k for another (B), the production build
 * over HTTP, and EXPLAIN of the SQL lib/listings sends.
 *
 *   npm run bench:listing [-- --build] [-- --keep]
 *   env: DATABASE_URL (server for the scratch database; default: embedded PostgreSQL on 54359),
 *        BENCH_SECONDS (4), BENCH_CONNECTIONS (4), BENCH_ROUNDS (2), WALK_PAGES (2500), WALK_SECONDS (150)
 *
 * Figures go to stdout and tests/artifacts/bench-listing.json. Exits 0 when a target is missed (it
 * is a measurement; FAIL lines say what missed), 1 when the bench itself cannot run.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { positiveInt, runWithCleanups, type Cleanup } from "../bench/run-with-cleanups";
import { launchNextServer, ROOT } from "../../tests/support/next-server";
import { freePort } from "../../tests/support/server";
import { openScratchDatabase } from "./database";
import { explainListing } from "./explain";
import { measureAll } from "./measure";
import { printChecks, printPlans, printTable, targetChecks, writeJson } from "./report";
import { correctnessChecks, scenario } from "./scenario";
import { seed } from "./seed";
import { handlerTimes } from "./server-log";
import { walkDeep } from "./walk";

const ARTIFACTS = join(ROOT, "tests", "artifacts");
const SECONDS = positiveInt("BENCH_SECONDS", 4);
const CONNECTIONS = positiveInt("BENCH_CONNECTIONS", 4);
const ROUNDS = positiveInt("BENCH_ROUNDS", 2);
const WALK_PAGES = positiveInt("WALK_PAGES", 2500);
const WALK_SECONDS = positiveInt("WALK_SECONDS", 150);
const KEEP = process.argv.includes("--keep");

function ensureBuild(): void {
  const force = process.argv.includes("--build");
  if (!force && existsSync(join(ROOT, ".next", "BUILD_ID")))
    return console.log("build: using the existing .next (pass --build to rebuild)");
  console.log(`build: next build (${force ? "--build" : "no .next/BUILD_ID"})`);
  const r = spawnSync(process.execPath, [join(ROOT, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status})`);
}

async function main(cleanups: Cleanup[]): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  ensureBuild();
  const db = await openScratchDatabase(process.env.DATABASE_URL);
  cleanups.push({ name: KEEP ? "PostgreSQL (database kept)" : "scratch database", run: () => db.close(KEEP) });
  console.log(`database: ${db.url.replace(/\/\/[^@]*@/, "//")} on ${db.origin}`);

  const port = await freePort();
  const logFile = join(ARTIFACTS, `bench-listing-${port}.log`);
  // The expiry job off: the data set must not change under the measurement.
  const app = await launchNextServer({
    port,
    env: { DATABASE_URL: db.url, EXPIRY_JOB_INTERVAL_MS: "0", PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
    logFile,
  });
  cleanups.push({ name: "app (next start)", pid: app.pid, run: app.stop });
  console.log(
    `app: next start at ${app.url}, pid ${app.pid}, log ${logFile.slice(ROOT.length + 1)} (migrated the database)`,
  );

  console.log("seed:");
  const seedStarted = performance.now();
  const seeded = await seed(db.url);
  const seedSeconds = Math.round(performance.now() - seedStarted) / 1000;
  console.log(
    `seed: ${seedSeconds.toFixed(1)} s; rows ${Object.entries(seeded.rows)
      .map(([t, n]) => `${t} ${n.toLocaleString("en-US")}`)
      .join(", ")}`,
  );

  const A = seeded.merchants.A!;
  const list = `${app.url}/v1/merchants/payments`;
  const auth = { "Api-Key": A.apiKey, "Merchant-Id": A.merchantId };
  console.log(
    `walk: following next_cursor with limit=200, up to ${WALK_PAGES} pages or ${WALK_SECONDS} s per sort (sequential fetches)`,
  );
  const walks = {
    date: await walkDeep({ listUrl: list, headers: auth, query: "", maxPages: WALK_PAGES, maxSeconds: WALK_SECONDS }),
    amount: await walkDeep({
      listUrl: list,
      headers: auth,
      query: "sort_by=amount",
      maxPages: WALK_PAGES,
      maxSeconds: WALK_SECONDS,
    }),
  };
  for (const w of Object.values(walks)) {
    const cap = w.capped ? " (time cap)" : "";
    console.log(
      `  ${w.query || "sort_by=date"}: ${w.pages} pages in ${w.seconds} s${cap}, depth ${w.depth.toLocaleString("en-US")} rows; page p50 ${w.firstPagesP50Ms} ms (first 50, cold) vs ${w.lastPagesP50Ms} ms (last 50)`,
    );
  }

  const s = scenario(app.url, seeded, walks);
  const correctness = await correctnessChecks({ url: db.url, s, seeded, walks });
  const load = { before: loadavg()[0]!, after: NaN };
  console.log(
    `measure: ${s.targets.length + 1} targets x ${ROUNDS} rounds x (1 + ${SECONDS}) s; load average ${load.before.toFixed(2)} on ${cpus().length} cores`,
  );
  const all = [...s.targets, s.floor];
  const { figures, windows } = await measureAll({
    targets: all,
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    onRun: (t, round, f) =>
      console.log(
        `  round ${round}/${ROUNDS} ${t.name.padEnd(11)} p50 ${f.p50Ms.toFixed(2).padStart(6)} ms  p95 ${f.p95Ms.toFixed(2).padStart(6)} ms  ${f.reqPerSec.toFixed(0).padStart(5)} req/s`,
      ),
  });
  load.after = loadavg()[0]!;
  const handler = handlerTimes(logFile, windows);
  const rows = all.map((t) => ({
    ...t,
    ...figures.get(t.name)!,
    ...(handler.get(t.name) ?? { handlerP50Ms: NaN, handlerP95Ms: NaN }),
  }));
  const targets = targetChecks(Object.fromEntries(rows.map((r) => [r.name, r])));
  const plans = await explainListing(db.url, s.explainCases);

  printTable({ rows, connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, load });
  printChecks("targets", targets);
  printChecks("correctness", correctness);
  printPlans(plans);
  const out = join(ARTIFACTS, "bench-listing.json");
  const settings = {
    tool: "scripts/bench/http-load.ts",
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    warmupSeconds: 1,
    walkPages: WALK_PAGES,
    walkSeconds: WALK_SECONDS,
    loadAverage: load,
  };
  writeJson(out, {
    database: db.origin,
    settings,
    seed: { ...seeded, seconds: seedSeconds },
    walks,
    range: s.range,
    rows,
    targets,
    correctness,
    plans,
  });
  const failed = [...targets, ...correctness].filter((c) => !c.pass);
  console.log(
    `\n${failed.length ? `FAIL: ${failed.length} check(s) missed` : "PASS: every check met"}; figures in ${out.slice(ROOT.length + 1)}`,
  );
}

await runWithCleanups("the app and the database", main);
