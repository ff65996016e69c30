import { execFile } from "node:child_process";
import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import postgres from "postgres";
import { ensureEmbeddedPostgres } from "@/db/embedded";
import { env } from "@/lib/env";
import { findPgTool } from "@/lib/operations/find-pg-tool";
import { UsageError } from "./commands";

const run = promisify(execFile);

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

async function serverMajor(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ v: string }[]>`select current_setting('server_version_num') as v`;
    return Math.floor(Number(row!.v) / 10000);
  } finally {
    await sql.end({ timeout: 5 });
  }
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
    const pgDump = await findPgTool("pg_dump", await serverMajor(target.url), process.env.PATH ?? "");
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
    const pgRestore = await findPgTool("pg_restore", await serverMajor(target.url), process.env.PATH ?? "");
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
