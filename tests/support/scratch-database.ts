import postgres from "postgres";
import { testDatabaseUrl } from "./database-url";

// Names this test process has made already: later calls (a restarted server) reuse them.
const made = new Set<string>();

/**
 * A separate database on the test PostgreSQL server (embedded or DATABASE_URL's), for a server
 * that must not share rows with the main test server, e.g. one whose background jobs are off.
 * Made afresh on its first use in a test process: a database left by an earlier run (or another
 * checkout's, with other migrations) must not decide what this run sees.
 */
export async function scratchDatabaseUrl(name: string): Promise<string> {
  const base = new URL(testDatabaseUrl());
  if (!made.has(name)) {
    const admin = postgres(base.toString(), { max: 1, onnotice: () => {} });
    const quoted = `"${name.replace(/"/g, "")}"`;
    try {
      await admin.unsafe(`drop database if exists ${quoted} with (force)`);
      await admin.unsafe(`create database ${quoted}`);
    } finally {
      await admin.end({ timeout: 5 });
    }
    made.add(name);
  }
  base.pathname = `/${name}`;
  return base.toString();
}
