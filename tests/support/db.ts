import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import * as schema from "@/db/schema";
import type { Db } from "@/db/client";

let sql: postgres.Sql | undefined;

/** Direct access to the test database, to check what the API wrote (and to arrange what it reads). */
export function testDb(): { db: Db; sql: postgres.Sql } {
  sql ??= postgres(inject("databaseUrl"), { max: 4, onnotice: () => {} });
  return { db: drizzle(sql, { schema }), sql };
}

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  sql = undefined;
});
