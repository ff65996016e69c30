import { eq } from "drizzle-orm";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { z } from "zod";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { hasSecondFactor } from "@/lib/users/has-second-factor";
import type { TeamActor } from "./team-actor";

const body = z.object({ required: z.boolean() });

/**
 * Require (or stop requiring) a second factor of every member of the actor's team. Turning it on needs
 * the actor to have one: an owner cannot lock themself out of their own dashboard. Members without one
 * are held to enrolling at their next request (lib/auth/session-read.ts).
 */
export async function setTeamTwoFactor(db: Db, actor: TeamActor, input: unknown) {
  const { required } = parseOrThrow(body, input);
  if (required && !(await hasSecondFactor(db, actor.user.id)))
    throw new ApiError(
      "invalid_state",
      "Turn on two-factor sign-in or add a passkey for your own account before requiring it of the team",
    );
  await db.transaction(async (tx) => {
    await tx.update(merchants).set({ requireTwoFactor: required }).where(eq(merchants.id, actor.merchant.id));
    const action = required ? "team.two_factor_required" : "team.two_factor_not_required";
    await recordAuditEvent(tx, { actor: actor.audit, action, target: { kind: "merchant", id: actor.merchant.id } });
  });
  return { requireTwoFactor: required };
}
