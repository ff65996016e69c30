import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { loadNetworks } from "@/lib/chains/load-networks";
import { isDraining } from "@/lib/lifecycle/lifecycle-host";

/** A probe must answer quickly even when the database does not: past this, it is unreachable. */
export const DATABASE_PROBE_MS = 2_000;

export type Readiness = { ready: boolean; reasons: string[] };

/** The newest migration this build carries (db/migrations, read as the migrator reads it). */
let newestMigration: number | undefined;
function newestMigrationOfBuild(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(
      readFileSync(join(process.cwd(), "db", "migrations", "meta", "_journal.json"), "utf8"),
    ) as { entries: { when: number }[] };
    newestMigration = Math.max(...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

/** "ok", or why the database cannot serve this build: unreachable, or missing this build's migrations. */
export async function databaseState(): Promise<"ok" | "unreachable" | "migrations pending"> {
  const probe = (async () => {
    const db = await getDb();
    const [row] = await db.execute<{ newest: string | null }>(
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    // A newer build's instance may have migrated further: that is fine for this one.
    return Number(row?.newest ?? 0) >= newestMigrationOfBuild() ? "ok" : "migrations pending";
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"unreachable">(
    (resolve) => (timer = setTimeout(resolve, DATABASE_PROBE_MS, "unreachable")),
  );
  try {
    return await Promise.race([probe.catch(() => "unreachable" as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the networks file loads; its error otherwise. */
export function networksError(): string | undefined {
  try {
    loadNetworks();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * Readiness, for a load balancer or a Kubernetes readiness probe: this instance should get requests
 * only while it is not draining, its database answers with this build's migrations applied, and its
 * networks are loaded. Never waits on a chain, nor longer than DATABASE_PROBE_MS on the database.
 */
export async function checkReadiness(): Promise<Readiness> {
  // Said at once: the balancer must stop sending here before anything else is looked at.
  if (isDraining()) return { ready: false, reasons: ["draining: shutting down"] };
  const reasons: string[] = [];
  const database = await databaseState();
  if (database !== "ok") reasons.push(`database ${database}`);
  const networks = networksError();
  if (networks) reasons.push(`networks not loaded: ${networks}`);
  // A SIGTERM that came while the database was asked: the answer must not say ready after draining began.
  if (isDraining()) return { ready: false, reasons: ["draining: shutting down"] };
  return { ready: reasons.length === 0, reasons };
}
