import { z } from "zod";
import { paymentRequestSchema } from "@/lib/gateway/requests/request-schemas";
import { formatTokenAmount } from "@/lib/i18n/format-amount";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The route's answer as the checkout reads it: the API schema with the display fields the page shows
 * made required, so a request the page cannot describe exactly is refused rather than shown wrong.
 */
export const checkoutRequestsSchema = z.object({
  requests: z.array(
    paymentRequestSchema.extend({
      amount: z.object({
        value: z.string().regex(/^\d+$/),
        display: z.object({ assetSymbol: z.string(), decimals: z.number().int().min(0), networkName: z.string() }),
      }),
    }),
  ),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestsSchema>["requests"][number];

/**
 * One request per kind, network and asset (a Solana asset may have a transaction request and a transfer
 * request): this names it in the selector and keeps the choice across refreshes.
 */
export const requestKey = (r: CheckoutRequest) => `${r.kind}|${r.chainId}|${r.asset}`;

/**
 * "USDC on Base", for the selector: the message (checkout.phoneWallet) and its values. A Solana Pay
 * transaction request (listed first, so shown first) says what sets it apart from the transfer request
 * of the same asset: the service pays its fee.
 */
export const requestLabel = (r: CheckoutRequest) => ({
  key: r.kind === "solana-pay-transaction" ? ("optionNoFee" as const) : ("option" as const),
  values: { asset: r.amount.display.assetSymbol, network: r.amount.display.networkName },
});

/**
 * The exact amount with every digit the request asks for: on EVM networks the last digits are what
 * binds the transfer to this payment, so a rounded amount would not be recognised.
 */
export const exactAmount = (r: CheckoutRequest, locale: Locale) =>
  `${formatTokenAmount(r.amount.value, r.amount.display.decimals, locale)} ${r.amount.display.assetSymbol}`;
