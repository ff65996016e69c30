import { createServer } from "node:net";
import { join } from "node:path";
import { launchNextServer, PortTakenError, ROOT } from "./next-server";

export { ROOT };

/**
 * The name of this run of the suite when two run at once on one checkout (scripts/test.sh runs the
 * embedded-PostgreSQL and the DATABASE_URL passes side by side): it keeps their files apart (logs,
 * devnet files, data folders). The development secrets key both share: the first server to start
 * writes it (exclusively), the others read it. Empty for a run alone.
 */
export const TEST_RUN = /^[a-z0-9-]*$/.test(process.env.TEST_RUN ?? "") ? (process.env.TEST_RUN ?? "") : "";
const ofRun = (name: string) => (TEST_RUN ? `${TEST_RUN}-${name}` : name);

export const ARTIFACTS = TEST_RUN ? join(ROOT, "tests", "artifacts", TEST_RUN) : join(ROOT, "tests", "artifacts");

/** The file a devnet named `name` describes itself in (the suite's is "test"). */
export function devnetFileOf(name: string): string {
  return join(ROOT, ".devnet", `${ofRun(name)}-devnet.json`);
}

/** A data folder of this run under .data/. */
export function dataDirOf(name: string): string {
  return join(ROOT, ".data", ofRun(name));
}

/** Settings every test server shares: its own embedded data folder, so tests never touch the demo's. */
export const TEST_ENV: Record<string, string> = {
  EMBEDDED_PG_DIR: dataDirOf("postgres-test"),
  EMBEDDED_PG_PORT: "54339",
  NEXT_TELEMETRY_DISABLED: "1",
  LOG_LEVEL: "info",
  // The tests stand in for a reverse proxy: each names the client it plays in X-Forwarded-For (one hop trusted).
  TRUST_PROXY_HOPS: "1",
  // Test servers are production builds on the embedded database on purpose (when CI gives no DATABASE_URL).
  EMBEDDED_PG_IN_PRODUCTION: "true",
};

export type RunningServer = { url: string; logFile: string; pid: number; stop: () => Promise<void> };

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

/** The production build on a free port, as a real user would run it; its log goes to tests/artifacts/. */
/** `extraEnv` adds to TEST_ENV and this process's environment; an `undefined` value removes a variable. */
export async function startServer(
  extraEnv: Record<string, string | undefined> = {},
  name = "server",
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    try {
      return await launchNextServer({
        port,
        env: { ...TEST_ENV, PUBLIC_BASE_URL: url, ...extraEnv },
        logFile: join(ARTIFACTS, `${name}-${port}.log`),
      });
    } catch (err) {
      // Suites run side by side pick ports at once: another server can take this one first.
      if (!(err instanceof PortTakenError) || attempt === 3) throw err;
    }
  }
}
