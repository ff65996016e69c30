import { z } from "zod";
import { TRANSFER_MATCHES, TRANSFER_STATES } from "@/db/schema";
import { contractStatusSchema } from "@/lib/payments/contract-views";
import { paymentIdParam } from "@/lib/payments/schemas";

/**
 * The queries, bodies and answers of the ledger's transfers, shared by the merchant API, the
 * dashboard's routes and the OpenAPI document, so the three cannot disagree.
 */
const time = z.iso.datetime();

export const transferId = z.string().regex(/^trf_[0-9A-Za-z]{22}$/, "must be a transfer id (trf_…)");
/** Path parameters, checked before any body. */
export const transferParams = z.object({ id: transferId });

export const transfersQuery = z.object({
  status: z
    .enum(TRANSFER_MATCHES)
    .optional()
    .meta({ description: "unmatched: bound to no payment, waiting for the merchant; omitted: every transfer" }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: transferId.optional().meta({ description: "nextCursor of the previous page" }),
});

export const attachBody = z.object({ paymentId: paymentIdParam }).meta({ id: "AttachTransferRequest" });

const amount = z
  .object({
    unit: z.string().meta({ description: "caip19/<the asset's CAIP-19 id>" }),
    value: z.string().meta({ description: "Base units of the asset, as a decimal string" }),
    display: z
      .object({ assetSymbol: z.string(), assetName: z.string(), decimals: z.number().int() })
      .nullable()
      .meta({ description: "From the networks configuration; null when the asset is no longer configured" }),
  })
  .meta({ id: "TransferAmount" });

export const transferResponse = z
  .object({
    id: z.string(),
    status: z.enum(TRANSFER_MATCHES).meta({
      description:
        "bound: it carried a payment option's reference; unmatched: it binds to no payment; attached: the merchant tied it to a payment; dismissed: the merchant set it aside",
    }),
    state: z.enum(TRANSFER_STATES).meta({
      description:
        "seen: mined, not yet deep enough; counted: confirmed; final: past finality; reorged: out of the chain for now; dropped: gone",
    }),
    chainId: z.string(),
    networkName: z.string().nullable(),
    txHash: z.string(),
    explorerUrl: z.string().nullable(),
    sender: z.string(),
    recipient: z.string(),
    amount,
    paymentId: z.string().nullable(),
    blockNumber: z.string().nullable(),
    blockTime: time.nullable(),
    observedAt: time.meta({ description: "When the service first saw it on chain" }),
    resolvedBy: z
      .string()
      .nullable()
      .meta({ description: "Who attached or dismissed it: a dashboard user's email, or api:<key id>" }),
    resolvedAt: time.nullable(),
  })
  .meta({ id: "ChainTransfer" });

export const transferListResponse = z
  .object({
    data: z.array(transferResponse),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for older transfers; null on the last page" }),
  })
  .meta({ id: "ChainTransferList" });

export const attachResponse = z
  .object({
    transfer: transferResponse,
    payment: z.object({
      paymentId: z.string(),
      status: contractStatusSchema,
      exception: z
        .string()
        .nullable()
        .meta({ description: "underpaid or overpaid when the amount differed; duplicate when it was already paid" }),
    }),
  })
  .meta({ id: "AttachTransferResponse" });
