import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { z } from "zod";
import { createApiKey, posSetupUrl } from "@/lib/auth/create-api-key";
import { STANDARD_SCOPES, type ApiKeyScope } from "@/lib/auth/scopes";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";

// A body without `kind` is a standard key, as before POS keys existed.
const withKind = (v: unknown) => (v && typeof v === "object" && !("kind" in v) ? { ...v, kind: "standard" } : v);
const body = z.preprocess(
  withKind,
  z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("standard"),
      name: z.string().trim().min(1, "is required").max(100, "must be at most 100 characters"),
      scopes: z
        .array(z.enum(STANDARD_SCOPES as [ApiKeyScope, ...ApiKeyScope[]]))
        .min(1, "choose at least one scope")
        .optional(),
    }),
    z.object({
      kind: z.literal("pos"),
      name: z.string().trim().min(1, "is required").max(100, "must be at most 100 characters"),
    }),
  ]),
);

/**
 * Create an API key for the signed-in merchant: a standard key with the scopes chosen (every one when
 * none are named), or a point-of-sale key with its setup link. The secret is in this answer and nowhere else.
 */
export const POST = dashboardRoute("keys:manage", async ({ req, db, session }) => {
  const input = parseOrThrow(body, await readJson(req));
  const key = await createApiKey(db, {
    merchantId: session.merchant.id,
    name: input.name,
    grant: input.kind === "pos" ? { kind: "pos" } : { kind: "standard", scopes: input.scopes },
  });
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "api_key.created",
    target: { kind: "api_key", id: key.id },
    details: { name: input.name, kind: key.kind, scopes: key.scopes, prefix: key.prefix },
  });
  const setupUrl = key.kind === "pos" ? posSetupUrl(session.merchant.id, key.secret) : undefined;
  return json(
    {
      id: key.id,
      name: input.name,
      prefix: key.prefix,
      secret: key.secret,
      kind: key.kind,
      scopes: key.scopes,
      setupUrl,
    },
    201,
  );
});
