import { testDatabaseUrl } from "./database-url";
import { scratchDatabaseUrl } from "./scratch-database";

/**
 * A scratch database named after the test database too: on a PostgreSQL server that several
 * checkouts share (each with its own DATABASE_URL), one checkout's run never drops another's.
 */
export function ownScratchDatabaseUrl(name: string): Promise<string> {
  const base = new URL(testDatabaseUrl()).pathname.slice(1).replace(/[^A-Za-z0-9_]/g, "_");
  return scratchDatabaseUrl(`${base}_${name}`.slice(0, 63));
}
