import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";

export const USER_FIELDS = {
  id: users.id,
  merchantId: users.merchantId,
  email: users.email,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  disabledAt: users.disabledAt,
};

/** A user by id (`usr_…`) or by email (any case), as an operator names one. */
export async function findUser(db: Db, idOrEmail: string) {
  const where = idOrEmail.startsWith("usr_")
    ? eq(users.id, idOrEmail)
    : eq(users.email, idOrEmail.trim().toLowerCase());
  const [user] = await db.select(USER_FIELDS).from(users).where(where);
  return user;
}
