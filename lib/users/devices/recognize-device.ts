import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notificationSends, sessions, userDevices, users } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { hashSessionToken } from "@/lib/auth/session-create";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { newId } from "@/lib/ids";
import { newDeviceNotice } from "@/lib/notifications/render-notice";
import { deviceCookie, deviceTokenFrom, newDeviceToken } from "./device-cookie";

/**
 * After a sign-in started the session `sessionToken`: remember the browser as one of the user's
 * devices, and when it is new to a user who has signed in from another before, queue the "new
 * sign-in" email to them and record it in the audit log, in one transaction with the device row (so
 * it is queued once, whichever of two racing sign-ins wins). `notify: false` for a sign-up (a first
 * device is no news). Returns the Set-Cookie that keeps the browser known.
 */
export async function recognizeDevice(
  db: Db,
  { req, sessionToken, notify = true }: { req: Request; sessionToken: string; notify?: boolean },
): Promise<string> {
  const token = deviceTokenFrom(req.headers.get("cookie")) ?? newDeviceToken();
  const deviceHash = hashSessionToken(token);
  const userAgent = req.headers.get("user-agent")?.slice(0, 300) ?? null;
  const [user] = await db
    .select({ id: users.id, email: users.email, merchantId: users.merchantId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashSessionToken(sessionToken)));
  if (!user) return deviceCookie(token);
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(userDevices)
      .values({ userId: user.id, deviceHash, userAgent })
      .onConflictDoNothing()
      .returning({ userId: userDevices.userId });
    if (!added.length) {
      await tx
        .update(userDevices)
        .set({ lastSignInAt: sql`now()` })
        .where(and(eq(userDevices.userId, user.id), eq(userDevices.deviceHash, deviceHash)));
      return;
    }
    if (!notify) return;
    const [other] = await tx
      .select({ one: sql`1` })
      .from(userDevices)
      .where(and(eq(userDevices.userId, user.id), ne(userDevices.deviceHash, deviceHash)))
      .limit(1);
    // A user's first recorded browser (the first sign-in since devices are kept) is no news either.
    if (!other) return;
    const ip = clientIp(req);
    await tx.insert(notificationSends).values({
      id: newId("ntf"),
      key: `new_device:${user.id}:${deviceHash}`,
      kind: "new_device",
      merchantId: user.merchantId,
      userId: user.id,
      toEmail: user.email,
      ...newDeviceNotice(env().PUBLIC_BASE_URL, new Date(), { userAgent: userAgent ?? undefined, ip }),
    });
    const actor = {
      merchantId: user.merchantId,
      userId: user.id,
      email: user.email,
      ip,
      userAgent: userAgent ?? undefined,
    };
    await recordAuditEvent(tx, { actor, action: "sign_in.new_device", target: { kind: "user", id: user.id } });
  });
  return deviceCookie(token);
}
