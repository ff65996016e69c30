import { z } from "zod";
import { rpcNetworkHealthSchema } from "./rpc-health-schemas";

/** One gas key on one network, as /healthz and `cli gas --json` report it. */
export const gasEntrySchema = z
  .object({
    network: z.string().meta({ description: "CAIP-2 chain id" }),
    name: z.string(),
    address: z.string().meta({ description: "The gas key's public address (EVM relayer, Solana fee payer)" }),
    balance: z.string().nullable().meta({ description: "Decimal in the native coin; null when unreadable" }),
    baseUnits: z
      .string()
      .nullable()
      .meta({ description: "The balance in base units (wei, lamports); null when unreadable" }),
    symbol: z.string(),
    warnBelow: z.string().meta({ description: "Decimal in the native coin: under it the status is low" }),
    status: z.enum(["ok", "low", "unknown"]),
    checkedAt: z
      .string()
      .nullable()
      .meta({ description: "When the chain was last asked (ISO 8601); null before the first reading" }),
  })
  .meta({ id: "GasBalance" });

export type GasEntry = z.infer<typeof gasEntrySchema>;

export const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded", "unavailable"]).meta({
      description: "degraded: a gas balance is low or unreadable, or no RPC endpoint of a network answers (still 200)",
    }),
    database: z.enum(["ok", "unreachable"]),
    gas: z.array(gasEntrySchema),
    rpc: z.array(rpcNetworkHealthSchema),
  })
  .meta({ id: "Readiness" });

export type Health = z.infer<typeof healthSchema>;
