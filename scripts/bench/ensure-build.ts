import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../tests/support/next-server";

// What goes into the server build; anything newer than BUILD_ID means the build is stale.
const SOURCES = ["app", "lib", "db", "components", "next.config.ts", "instrumentation.ts", "package-lock.json"];

function newestSource(): { file: string; mtimeMs: number } {
  let newest = { file: "", mtimeMs: 0 };
  for (const entry of SOURCES) {
    const top = join(ROOT, entry);
    if (!existsSync(top)) continue;
    const files = statSync(top).isDirectory()
      ? readdirSync(top, { recursive: true, encoding: "utf8" }).map((f) => join(top, f))
      : [top];
    for (const file of files) {
      const { mtimeMs } = statSync(file);
      if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
    }
  }
  return newest;
}

/**
 * Make sure the build directory (`.next`, or NEXT_DIST_DIR as next.config.ts reads it) holds a
 * production build of the current sources: build when BUILD_ID is missing or older than any source
 * file, unless `skip` (`--no-build`). Says what it did and why.
 */
export async function ensureBuild(skip: boolean, logFile: string): Promise<void> {
  const buildId = join(ROOT, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  build(skip, buildId, logFile);
  // Another `next build` into the same directory (waiting on its lock while ours ran) wipes it as
  // soon as ours ends; wait for its BUILD_ID rather than start a server on a half-written folder.
  // NEXT_DIST_DIR=.next-bench avoids sharing the directory at all.
  for (let waited = 0; !existsSync(buildId); waited += 1) {
    if (waited === 0) console.log("build: another next build is rewriting the build directory; waiting for it");
    if (waited >= 180) throw new Error("no .next/BUILD_ID after 180 s");
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function build(skip: boolean, buildId: string, logFile: string): void {
  if (skip) {
    if (!existsSync(buildId)) throw new Error(`--no-build given but there is no production build (${buildId})`);
    console.log(`build: skipped (--no-build), using the build of ${statSync(buildId).mtime.toISOString()}`);
    return;
  }
  const newest = newestSource();
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= newest.mtimeMs) {
    console.log("build: up to date (.next/BUILD_ID is newer than every source file)");
    return;
  }
  const why = existsSync(buildId) ? `${newest.file.slice(ROOT.length + 1)} is newer than the build` : "no build yet";
  console.log(`build: running next build (${why}); output in ${logFile.slice(ROOT.length + 1)}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [join(ROOT, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  writeFileSync(logFile, `${result.stdout}${result.stderr}`);
  if (result.status !== 0) {
    console.error(`${result.stdout}${result.stderr}`.split("\n").slice(-30).join("\n"));
    throw new Error(`next build failed (exit ${result.status}); see ${logFile}`);
  }
  console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
