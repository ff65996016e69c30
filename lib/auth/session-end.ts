import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { sessions } from "@/db/schema";
import { hashSessionToken } from "./session-create";

/** Sign out: the session row is deleted, so the cookie is worthless even if it was copied. */
export async function endSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
}
