import { z } from "zod";
import { parseSolanaAddress } from "@/lib/merchants/receiving-address";

// Apart from request-schemas.ts, which the checkout's client code imports: these pull in web3.js.

/** What a Solana Pay wallet POSTs to a transaction request's link. */
export const solanaPayTransactionBody = z
  .object({
    account: z
      .string()
      .max(64)
      .refine((v) => {
        try {
          return parseSolanaAddress(v) === v;
        } catch {
          return false;
        }
      }, "must be a base58 Solana public key (32 bytes)")
      .meta({ description: "The wallet's account: it pays the transfer and signs the transaction" }),
  })
  .meta({ id: "SolanaPayTransactionRequest" });

/** GET of a transaction request's link (Solana Pay). */
export const solanaPayLabelResponse = z
  .object({
    label: z.string().meta({ description: "The merchant's name" }),
    icon: z.string().meta({ description: "Absolute URL of an SVG, PNG or WebP icon" }),
  })
  .meta({ id: "SolanaPayLabel" });

/** POST of a transaction request's link (Solana Pay). */
export const solanaPayTransactionResponse = z
  .object({
    transaction: z.string().meta({
      description:
        "Base64 of a legacy transaction: the transfer to the merchant with the quote's reference key and memo, fee payer the service's (its signature is there), missing only the account's signature",
    }),
    message: z.string().meta({ description: "What the wallet shows the buyer" }),
  })
  .meta({ id: "SolanaPayTransaction" });
