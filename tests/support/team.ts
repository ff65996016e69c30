import { createSession } from "@/lib/auth/session-create";
import { insertUser } from "@/lib/dashboard/create-user";
import type { Role } from "@/lib/team/permissions";
import { testDb } from "./db";
import { uniqueEmail } from "./unique-email";

export type Member = { id: string; email: string; cookie: string; csrfToken: string };

/**
 * A member of `merchantId`'s team with `role`, signed in: made as an accepted invitation makes one, with a
 * session started straight in the database (a sign-in costs seconds of scrypt; sign-in is tested elsewhere).
 * The password hash is not one any password matches.
 */
export async function memberWithRole(merchantId: string, role: Role): Promise<Member> {
  const { db } = testDb();
  const email = uniqueEmail(role);
  const id = await insertUser(db, { merchantId, email, passwordHash: "scrypt$no-password", role });
  const { token, csrfToken } = await createSession(db, id);
  return { id, email, cookie: `dash_session=${token}`, csrfToken };
}
