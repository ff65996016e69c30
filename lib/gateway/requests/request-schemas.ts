import { z } from "zod";

/** One payment request a phone wallet can pay by scanning it (GET /v1/gateway/payment/{id}/payment-requests). */
export const paymentRequestSchema = z
  .object({
    chainId: z.string().meta({ description: "CAIP-2 network", example: "eip155:1" }),
    asset: z.string().meta({ description: "CAIP-19 of the token or native coin" }),
    amount: z.object({
      value: z.string().meta({ description: "Base units, exactly what the request asks for" }),
      display: z.record(z.string(), z.unknown()).meta({ description: "Symbol, decimals, network name, icons" }),
    }),
    kind: z.enum(["solana-pay-transaction", "solana-pay-transfer", "eip681"]).meta({
      description:
        "solana-pay-transaction: `solana:<link>`, a Solana Pay transaction request (GET the link for `{label, icon}`, POST `{account}` for `{transaction, message}`: the transfer the service builds, co-signed by its fee payer, carrying the reference key of the quote stored for that account), listed before the transfer request of the same asset and only on a service served over https; solana-pay-transfer: `solana:<merchant>?amount=<decimal>&spl-token=<mint>&reference=<key>&label=…&message=…&memo=…`, bound to the payment by its reference key; eip681: `ethereum:<token>@<chainId>/transfer?address=<merchant>&uint256=<amount>` or `ethereum:<merchant>@<chainId>?value=<wei>`, bound to the payment by its unique amount",
    }),
    uri: z.string(),
    expiresAt: z.number().int().meta({ description: "Unix seconds: the quote holds until then" }),
  })
  .meta({ id: "PaymentRequest" });

export const paymentRequestsResponse = z
  .object({ requests: z.array(paymentRequestSchema) })
  .meta({ id: "PaymentRequests" });
