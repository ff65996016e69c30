import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password-hash";
import { ApiError } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids";
import type { Role } from "@/lib/team/permissions";

/**
 * A dashboard user for a merchant (email already normalised by emailSchema). One account per email
 * across the service: a taken address is `email_taken`.
 */
export async function createUser(
  db: DbOrTx,
  { merchantId, email, password }: { merchantId: string; email: string; password: string },
): Promise<string> {
  return insertUser(db, { merchantId, email, passwordHash: await hashPassword(password) });
}

/**
 * createUser with the password hashed already: hash first, so no transaction waits on scrypt. A merchant's
 * first user is its owner; an invited member joins with the invitation's role.
 */
export async function insertUser(
  db: DbOrTx,
  {
    merchantId,
    email,
    passwordHash,
    role = "owner",
  }: { merchantId: string; email: string; passwordHash: string; role?: Role },
): Promise<string> {
  const id = newId("usr");
  const rows = await db
    .insert(users)
    .values({ id, merchantId, email, passwordHash, role })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (rows.length === 0)
    throw new ApiError("email_taken", "An account with this email already exists; sign in instead", {
      issues: [{ field: "email", message: "is already registered" }],
    });
  return id;
}
