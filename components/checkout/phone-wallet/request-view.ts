import { z } from "zod";
import { paymentRequestSchema } from "@/lib/gateway/requests/request-schemas";
import { formatTokenAmount } from "../wallet/format-token-amount";

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
 * "USDC on Base", for the selector. A Solana Pay transaction request (listed first, so shown first)
 * says what sets it apart from the transfer request of the same asset: the service pays its fee.
 */
export const requestLabel = (r: CheckoutRequest) =>
  `${r.amount.display.assetSymbol} on ${r.amount.display.networkName}${r.kind === "solana-pay-transaction" ? " (no network fee)" : ""}`;

/**
 * The exact amount with every digit the request asks for: on EVM networks the last digits are what
 * binds the transfer to this payment, so a rounded amount would not be recognised.
 */
export const exactAmount = (r: CheckoutRequest) =>
  `${formatTokenAmount(r.amount.value, r.amount.display.decimals)} ${r.amount.display.assetSymbol}`;
