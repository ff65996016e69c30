import postgres from "postgres";
import { testDatabaseUrl } from "./database-url";

/**
 * A separate database on the test PostgreSQL server (embedded or DATABASE_URL's), for a server
 * that must not share rows with the main test server, e.g. one whose background jobs are off.
 */
export async function scratchDatabaseUrl(name: string): Promise<string> {
  const base = new URL(testDatabaseUrl());
  const admin = postgres(base.toString(), { max: 1, onnotice: () => {} });
  try {
    const exists = await admin`select 1 from pg_database where datname = ${name}`;
    if (exists.length === 0) await admin.unsafe(`create database "${name.replace(/"/g, "")}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  base.pathname = `/${name}`;
  return base.toString();
}
