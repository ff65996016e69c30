import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { json, route } from "@/lib/http/route";

/** Readiness: 200 only when the database answers a query. */
export const GET = route(async () => {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return json({ status: "ok", database: "ok" });
  } catch {
    return json({ status: "unavailable", database: "unreachable" }, 503);
  }
});
