import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { USER_FIELDS } from "./find-user";

/** Every dashboard user (of one merchant, when named), oldest first, with their live sessions counted. */
export async function listUsers(db: Db, merchantId?: string) {
  return db
    .select({
      ...USER_FIELDS,
      sessions: sql<number>`(select count(*)::int from ${sessions} s where s.user_id = ${users.id} and s.expires_at > now())`,
    })
    .from(users)
    .where(merchantId ? eq(users.merchantId, merchantId) : undefined)
    .orderBy(asc(users.createdAt), asc(users.id));
}
