import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");

/**
 * V8 settings of the production server, the same as `npm start` in package.json. A larger young
 * generation lets the many short-lived objects of each request die in cheap scavenges instead of
 * being promoted and collected by full mark-compacts (about 5-10% more requests/s in bench:api).
 */
export const NODE_SERVER_FLAGS = ["--max-semi-space-size=32"];

export type NextServer = { url: string; logFile: string; pid: number; stop: () => Promise<void> };

/**
 * Start the production build (`scripts/serve.mjs`, what `npm start` runs) in its own process group and wait until /healthz
 * answers, i.e. the database is up and migrated. Output goes to `logFile`.
 */
export async function launchNextServer(opts: {
  port: number;
  env: Record<string, string | undefined>;
  logFile: string;
  host?: string;
}): Promise<NextServer> {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(join(ROOT, distDir, "BUILD_ID")))
    throw new Error(`no production build in ${distDir}: run \`npm run build\` first`);
  const host = opts.host ?? "127.0.0.1";
  const url = `http://${host}:${opts.port}`;
  mkdirSync(dirname(opts.logFile), { recursive: true });
  // The server writes its log straight into the file: through a pipe, a busy parent (a benchmark's
  // load generator) would let the pipe fill and stall the server's log writes.
  const out = openSync(opts.logFile, "w");
  const child = spawn(
    process.execPath,
    [...NODE_SERVER_FLAGS, join(ROOT, "scripts", "serve.mjs"), "-p", String(opts.port), "-H", host],
    {
      cwd: ROOT,
      // A production build run here (tests, the demo, benchmarks) is on this machine on purpose: the
      // embedded database is allowed unless the caller says otherwise.
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(opts.port),
        EMBEDDED_PG_IN_PRODUCTION: "true",
        ...opts.env,
      } as NodeJS.ProcessEnv,
      stdio: ["ignore", out, out],
      detached: true,
    },
  );
  closeSync(out);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 90_000;
  // Healthy only once this child says it listens: a port picked free can be taken by another process
  // before the child binds it, and that process's /healthz would answer in its place.
  const listening = () => readFileSync(opts.logFile, "utf8").includes(`ready on ${url} `);
  for (;;) {
    if (child.exitCode !== null) {
      const log = readFileSync(opts.logFile, "utf8");
      if (log.includes("EADDRINUSE")) throw new PortTakenError(opts.port);
      throw new Error(`server exited with code ${child.exitCode}; see ${opts.logFile}`);
    }
    if (listening() && (await healthy(url))) break;
    if (Date.now() > deadline) {
      process.kill(-child.pid!, "SIGKILL");
      throw new Error(`server not healthy after 90 s; see ${opts.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // the group is already gone
    }
  };
  return {
    url,
    logFile: opts.logFile,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGTERM lets the server stop the embedded PostgreSQL it started.
        signal("SIGTERM");
        const timer = setTimeout(() => signal("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** The port was taken between being picked and being bound: pick another and start again. */
export class PortTakenError extends Error {
  constructor(port: number) {
    super(`port ${port} was taken before the server could listen on it`);
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false;
  }
}
