import { z } from "zod";

/** An email as users type it: trimmed and lowercased, so `Ann@Shop.com` and `ann@shop.com` are one account. */
export const emailSchema = z
  .string()
  .trim()
  .max(254, "must be at most 254 characters")
  .pipe(z.email("must be an email address"))
  .transform((v) => v.toLowerCase());

/** NIST 800-63B: length over composition rules. */
export const newPasswordSchema = z
  .string()
  .min(10, "must be at least 10 characters")
  .max(200, "must be at most 200 characters");

export const signInBody = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: z.string().max(200),
});
