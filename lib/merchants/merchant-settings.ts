import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import { loadNetworks } from "@/lib/chains/load-networks";
import { parseOrThrow } from "@/lib/errors/validate";
import { isCurrencyCode } from "@/lib/money/iso4217";
import { MAX_EXPIRY_SECONDS } from "@/lib/payments/schemas";
import { parseEvmAddress, parseSolanaAddress } from "./receiving-address";

const ICON_DATA_URL = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

/** "" (a cleared field) is null; anything else must parse. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? null : v), schema.nullable());

const address = (parse: (v: string) => string) =>
  z.string().transform((value, ctx) => {
    try {
      return parse(value);
    } catch (err) {
      ctx.addIssue({
        code: "custom",
        message: err instanceof Error ? err.message.replace(/^Invalid [^"]+"[^"]*": /, "") : "is not valid",
      });
      return z.NEVER;
    }
  });

/** The settings form, all fields at once: one bad field refuses the whole change, so nothing is half-saved. */
export const merchantSettingsBody = z.object({
  name: z.string().trim().min(1, "is required").max(200, "must be at most 200 characters"),
  iconUrl: optional(
    z
      .string()
      .trim()
      .max(48_000, "is too large (at most 48 kB)")
      .refine(
        (v) => ICON_DATA_URL.test(v) || (/^https:\/\/[^\s]+$/.test(v) && URL.canParse(v)),
        "must be an https:// URL or a data:image/…;base64 URL",
      ),
  ),
  evmAddress: optional(address(parseEvmAddress)),
  solanaAddress: optional(address(parseSolanaAddress)),
  /** null accepts every configured token. */
  acceptedTokens: z
    .array(z.string().max(200))
    .min(1, "choose at least one token, or accept all")
    .max(200)
    .nullable()
    .superRefine((tokens, ctx) => {
      const known = new Set(loadNetworks().flatMap((n) => n.tokens.map((t) => t.caip19)));
      for (const token of tokens ?? [])
        if (!known.has(token))
          ctx.addIssue({ code: "custom", message: `${token.slice(0, 80)} is not a configured token` });
    }),
  /** null uses the service default (PAYMENT_EXPIRY_SECONDS). */
  defaultExpirySeconds: z
    .number()
    .int("must be whole seconds")
    .min(60, "must be at least 1 minute")
    .max(MAX_EXPIRY_SECONDS, "must be at most 30 days")
    .nullable(),
  currency: z.string().trim().toUpperCase().refine(isCurrencyCode, "must be an ISO 4217 currency code, e.g. USD"),
});

export type MerchantSettings = z.infer<typeof merchantSettingsBody>;

/** The columns of the merchant's settings, as the form shows them and a save replaces them. */
export const settingsColumns = {
  name: merchants.name,
  iconUrl: merchants.iconUrl,
  evmAddress: merchants.evmAddress,
  solanaAddress: merchants.solanaAddress,
  acceptedTokens: merchants.acceptedTokens,
  defaultExpirySeconds: merchants.defaultExpirySeconds,
  currency: merchants.currency,
};

/** The merchant's settings as the form shows them. */
export async function getMerchantSettings(db: Db, merchantId: string): Promise<MerchantSettings | undefined> {
  const [row] = await db.select(settingsColumns).from(merchants).where(eq(merchants.id, merchantId));
  return row;
}

/**
 * Validate and save the settings (400 `params_validation` naming each bad field; then nothing is
 * written). Addresses are stored in canonical form (EIP-55 checksum). Checkout and gateway read
 * them at request time, so the next options call pays the new address.
 */
export async function updateMerchantSettings(db: Db, merchantId: string, input: unknown): Promise<MerchantSettings> {
  const settings = parseOrThrow(merchantSettingsBody, input, "Settings");
  await db.update(merchants).set(settings).where(eq(merchants.id, merchantId));
  return settings;
}
