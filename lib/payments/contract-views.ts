import { z } from "zod";
import type { payments } from "@/db/schema";
import { env } from "@/lib/env";
import { gatewayUrlFor } from "./payment-view";
import { CONTRACT_STATUSES, effectiveStatus, isFinalStatus, toContractStatus } from "./status";
import { transferInfo } from "./transfer-info";

/**
 * The `/v1/payments…` routes speak the public contract (facts file, 2026-02-19.preview):
 * `requires_action` … `cancelled`, `info` once a payment succeeded, `failureCode` once it failed.
 */
export const contractStatusSchema = z.enum(CONTRACT_STATUSES).meta({ id: "ContractPaymentStatus" });

const amountView = z.object({
  unit: z.string(),
  value: z.string(),
  display: z.object({ assetSymbol: z.string(), assetName: z.string(), decimals: z.number().int() }),
});
const infoView = z.object({ txId: z.string(), optionAmount: amountView }).nullable().meta({ id: "PaymentInformation" });
// The contract names one failure code; every failed payment carries it (the dashboard tells why).
const failureCode = z.enum(["declined_user"]).nullable().meta({ id: "PaymentFailureCode" });

export const contractCreateResponse = z
  .object({
    paymentId: z.string(),
    gatewayUrl: z.url(),
    status: contractStatusSchema,
    expiresAt: z.number().int(),
    isFinal: z.boolean(),
    pollInMs: z.number().int().nullable(),
  })
  .meta({ id: "CreatePaymentResponse" });

export const contractStatusResponse = z
  .object({
    status: contractStatusSchema,
    isFinal: z.boolean(),
    pollInMs: z.number().int().nullable(),
    info: infoView,
    failureCode,
  })
  .meta({ id: "GetPaymentStatusResponse" });

export const contractDetailResponse = z
  .object({
    status: contractStatusSchema,
    referenceId: z.string(),
    info: infoView,
    failureCode,
    settlement: z
      .object({ successful: z.object({ txId: z.string(), amount: amountView }).nullable() })
      .nullable()
      .meta({ description: "Non-custodial: the buyer's transfer to the merchant's own address is the settlement" }),
  })
  .meta({ id: "PaymentsGetPaymentResponse" });

export const cancelResponse = z
  .object({
    paymentId: z.string(),
    status: contractStatusSchema,
    cancelledReason: z.string(),
    cancelledAt: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "CancelPaymentResponse" });

export type ContractRow = Pick<
  typeof payments.$inferSelect,
  | "id"
  | "status"
  | "expiresAt"
  | "referenceId"
  | "txHash"
  | "tokenCaip19"
  | "tokenAmount"
  | "tokenSymbol"
  | "tokenDecimals"
>;

export function toContractCreateView(row: ContractRow, now = new Date()): z.infer<typeof contractCreateResponse> {
  const { status, isFinal, pollInMs } = toContractStatusView(row, now);
  return {
    paymentId: row.id,
    gatewayUrl: gatewayUrlFor(row.id),
    status,
    expiresAt: Math.floor(row.expiresAt.getTime() / 1000),
    isFinal,
    pollInMs,
  };
}

export function toContractStatusView(row: ContractRow, now = new Date()): z.infer<typeof contractStatusResponse> {
  const status = effectiveStatus(row, now);
  const isFinal = isFinalStatus(status);
  return {
    status: toContractStatus(status),
    isFinal,
    pollInMs: isFinal ? null : env().POLL_INTERVAL_MS,
    // Only a settled transfer is the payment's: while processing it may still fail.
    info: status === "succeeded" ? transferInfo(row) : null,
    failureCode: status === "failed" ? "declined_user" : null,
  };
}

export function toContractDetailView(row: ContractRow, now = new Date()): z.infer<typeof contractDetailResponse> {
  const { status, info, failureCode } = toContractStatusView(row, now);
  return {
    status,
    referenceId: row.referenceId,
    info,
    failureCode,
    settlement: info ? { successful: { txId: info.txId, amount: info.optionAmount } } : null,
  };
}
