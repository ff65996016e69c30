import { join } from "node:path";
import postgres from "postgres";
import { ensureEmbeddedPostgres } from "@/db/embedded";
import { ROOT } from "../../tests/support/next-server";

export const BENCH_DATABASE = "bench_listing";
// Its own data folder and port, so the bench never touches the demo's or the tests' PostgreSQL.
const EMBEDDED_DIR = join(ROOT, ".data", "postgres-bench");
const EMBEDDED_PORT = 54359;

export type ScratchServer = {
  /** The scratch database the app and the bench use. */
  url: string;
  /** Where the server came from, for the report. */
  origin: string;
  /** Drop the scratch database (unless kept), then stop PostgreSQL if this process started it. */
  close: (keep: boolean) => Promise<void>;
};

/**
 * A fresh `name` database (default `bench_listing`) on DATABASE_URL's server, or on an embedded
 * PostgreSQL of our own. Dropped first if a previous run left it behind (`--keep` or a crash).
 */
export async function openScratchDatabase(
  databaseUrl: string | undefined,
  name = BENCH_DATABASE,
  settings: string[] = [],
): Promise<ScratchServer> {
  const server = databaseUrl
    ? { url: databaseUrl, stop: async () => {}, origin: "DATABASE_URL" }
    : {
        ...(await ensureEmbeddedPostgres(EMBEDDED_DIR, EMBEDDED_PORT, settings)),
        origin: `embedded PostgreSQL (${EMBEDDED_DIR.slice(ROOT.length + 1)}, port ${EMBEDDED_PORT})`,
      };
  try {
    await recreate(adminUrl(server.url, name), name);
  } catch (err) {
    await server.stop();
    throw err;
  }
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    origin: server.origin,
    close: async (keep) => {
      try {
        if (!keep)
          await admin(adminUrl(server.url, name), (sql) => sql.unsafe(`drop database if exists ${name} with (force)`));
      } finally {
        await server.stop();
      }
    },
  };
}

/** Commands about the scratch database run from another database on the same server. */
function adminUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  if (url.pathname === `/${name}`) url.pathname = "/postgres";
  return url.toString();
}

async function recreate(url: string, name: string): Promise<void> {
  await admin(url, async (sql) => {
    // WITH (FORCE) ends sessions a crashed run may have left open.
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.unsafe(`create database ${name}`);
  });
}

async function admin<T>(url: string, run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
