import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { passkeys, users } from "@/db/schema";

/** Whether the user signs in with a second factor: an authenticator app turned on, or any passkey. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.execute<{ has: boolean }>(
    sql`select (exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.totpEnabledAt} is not null)
      or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})) as has`,
  );
  return row?.has === true;
}
