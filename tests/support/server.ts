import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");
export const ARTIFACTS = join(ROOT, "tests", "artifacts");

/** Settings every test server shares: its own embedded data folder, so tests never touch the demo's. */
export const TEST_ENV: Record<string, string> = {
  EMBEDDED_PG_DIR: join(ROOT, ".data", "postgres-test"),
  EMBEDDED_PG_PORT: "54339",
  NEXT_TELEMETRY_DISABLED: "1",
  LOG_LEVEL: "info",
};

export type RunningServer = { url: string; logFile: string; stop: () => Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Start the production build (`next start`) as a real user would, on a free port, and wait until
 * /healthz answers (the database is up and migrated). Its log goes to tests/artifacts/.
 */
export async function startServer(extraEnv: Record<string, string> = {}, name = "server"): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  mkdirSync(ARTIFACTS, { recursive: true });
  const logFile = join(ARTIFACTS, `${name}-${port}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, [join(ROOT, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, ...TEST_ENV, PORT: String(port), PUBLIC_BASE_URL: url, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy after 90 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    logFile,
    stop: async () => {
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid!, "SIGTERM");
        } catch {
          // already gone
        }
        const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, "SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      out.end();
    },
  };
}
