import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";

// The browser's answers, as @simplewebauthn/browser sends them. Checked for shape and size here; what
// they mean (signature, origin, RP ID, flags) is checked by @simplewebauthn/server.
const b64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, "must be base64url")
    .max(max);
const extensions = z.record(z.string(), z.unknown());
const attachment = z.enum(["platform", "cross-platform"]).optional();

export const registrationResponse = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(20_000),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
}) satisfies z.ZodType<RegistrationResponseJSON>;

export const authenticationResponse = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(1000),
    userHandle: b64url(200).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
}) satisfies z.ZodType<AuthenticationResponseJSON>;

const clientData = z.object({ challenge: b64url(200) });

/** The challenge the browser signed over, read from clientDataJSON to find its record (verified later, with the rest). */
export function challengeOf(response: { response: { clientDataJSON: string } }): string {
  try {
    const parsed = clientData.safeParse(
      JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString()),
    );
    if (parsed.success) return parsed.data.challenge;
  } catch {
    // Not JSON: the same answer as a wrong shape.
  }
  throw new ApiError("invalid_params", "The passkey's answer is malformed", {
    issues: [{ field: "response.response.clientDataJSON", message: "is not WebAuthn client data" }],
  });
}
