import { z } from "zod";

/**
 * The Platform API's bodies, query and answers, as the public contract (API 2026-02-19.preview,
 * "Merchant Management", "Settlements", "Crypto Settlement") states them. Routes parse with these
 * and /openapi.json is generated from them.
 *
 * Merchant ids: the contract's examples show `mrch_…`, but its schema types `merchantId` as any
 * string. We accept and answer our own `mer_…` ids, so a merchant has one id everywhere (Platform
 * API, Merchant-Id header, dashboard, CLI) and no second public id can drift from it.
 */

// The contract's own patterns, verbatim.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const CAIP19_PATTERN = /^[-a-zA-Z0-9]{3,8}:[-a-zA-Z0-9]{1,32}\/[-a-zA-Z0-9]{3,8}:[-a-zA-Z0-9]{1,128}$/;
export const CAIP10_PATTERN = /^[-a-zA-Z0-9]{3,8}:[-a-zA-Z0-9]{1,32}:[-a-zA-Z0-9]{1,128}$/;

const merchantName = z.string().trim().min(1, "is required").max(256, "must be at most 256 characters");
const merchantEmail = z.string().max(254, "must be at most 254 characters").regex(EMAIL, "must be an email address");
// The checkout shows the icon to buyers: only https (the contract says "uri"; http would be mixed
// content, and other schemes have no business in an <img>).
const iconUrl = z
  .string()
  .max(2048, "must be at most 2048 characters")
  .refine((v) => /^https:\/\/[^\s]+$/.test(v) && URL.canParse(v), "must be an https:// URL")
  .nullable();
const asset = z
  .string()
  .min(1)
  .max(256)
  .regex(CAIP19_PATTERN, "must be a CAIP-19 asset id, e.g. eip155:8453/erc20:0x…");
const destination = z.string().min(1).max(256).regex(CAIP10_PATTERN, "must be a CAIP-10 account, e.g. eip155:8453:0x…");

export const createMerchantBody = z
  .object({ merchantName, merchantEmail, iconUrl: iconUrl.default(null) })
  .meta({ id: "CreateMerchantRequest" });
export type CreateMerchantBody = z.infer<typeof createMerchantBody>;

export const updateMerchantBody = z
  .object({
    merchantName: merchantName.optional(),
    merchantEmail: merchantEmail.optional(),
    iconUrl: iconUrl.optional(),
  })
  .meta({ id: "UpdateMerchantRequest" });
export type UpdateMerchantBody = z.infer<typeof updateMerchantBody>;

export const MERCHANT_STATUSES = ["active", "inactive", "suspended"] as const;

export const listMerchantsQuery = z.object({
  status: z.enum(MERCHANT_STATUSES).optional(),
  search: z.string().min(1).max(256).optional(),
  cursor: z.string().min(1).max(512).optional(),
  limit: z.coerce.number("must be a whole number").int("must be a whole number").min(1).max(100).default(20),
});
export type ListMerchantsQuery = z.infer<typeof listMerchantsQuery>;

export const addSettlementsBody = z
  .object({ settlements: z.array(z.object({ asset, destination })).min(1).max(50) })
  .meta({ id: "CreateCryptoSettlementsRequest" });
export type AddSettlementsBody = z.infer<typeof addSettlementsBody>;

export const replaceSettlementBody = z.object({ destination }).meta({ id: "UpdateCryptoSettlementRequest" });

const merchantFields = {
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: z.enum(MERCHANT_STATUSES),
  iconUrl: z.string().nullable(),
  createdAt: z.string().meta({ description: "ISO 8601" }),
};

export const cryptoSettlement = z
  .object({ id: z.string(), asset: z.string(), destination: z.string() })
  .meta({ id: "CryptoSettlement" });
export const settlementsResponse = z
  .object({
    fiat: z.array(z.object({ id: z.string(), status: z.string(), bankType: z.string() })),
    crypto: z.array(cryptoSettlement),
  })
  .meta({ id: "Settlements" });
export const platformMerchant = z.object(merchantFields).meta({ id: "PlatformMerchant" });

export const createMerchantResponse = z.object({ merchant: z.object(merchantFields).omit({ iconUrl: true }) });
export const merchantResponse = z.object({ merchant: platformMerchant });
export const merchantDetailResponse = z.object({
  merchant: z.object({ ...merchantFields, settlements: settlementsResponse }),
});
export const listMerchantsResponse = z.object({
  merchants: z.array(platformMerchant),
  totalCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export const deletedResponse = z.object({ id: z.string(), deleted: z.boolean() });
export const addSettlementsResponse = z.object({ settlements: z.array(cryptoSettlement) });
