import { z } from "zod";
import type { Db } from "@/db/client";
import { createSession } from "@/lib/auth/session-create";
import { parseOrThrow } from "@/lib/http/validate";
import { insertMerchant } from "@/lib/merchants/create-merchant";
import { isCurrencyCode } from "@/lib/money/iso4217";
import { createUser } from "./create-user";
import { emailSchema, newPasswordSchema } from "./credentials";

export const signUpBody = z.object({
  businessName: z.string().trim().min(1, "is required").max(200, "must be at most 200 characters"),
  email: emailSchema,
  password: newPasswordSchema,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, "must be an ISO 4217 currency code, e.g. USD")
    .default("USD"),
});

/** Sign up: a new merchant and its first user in one transaction, then a session for that user. */
export async function signUp(db: Db, input: unknown) {
  const body = parseOrThrow(signUpBody, input);
  const userId = await db.transaction(async (tx) => {
    const merchantId = await insertMerchant(tx, { name: body.businessName, currency: body.currency });
    return createUser(tx, merchantId, body.email, body.password);
  });
  return createSession(db, userId);
}
