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

const backlogSchema = z.object({
  due: z.number().int().meta({ description: "Items due now, across every instance" }),
  oldestDueSeconds: z.number().int().meta({ description: "How long the oldest of them has been due" }),
});

export const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded", "unavailable"]).meta({
      description:
        "unavailable: the database does not answer (503). degraded (still 200): something needs attention, named in reasons",
    }),
    database: z.enum(["ok", "unreachable"]),
    gas: z.array(gasEntrySchema),
    rpc: z.array(rpcNetworkHealthSchema).meta({ description: "Each configured network and its RPC endpoints" }),
    watcher: backlogSchema.meta({ description: "Transfers due for the settlement watcher's look" }),
    webhooks: backlogSchema.meta({ description: "Webhook deliveries due for an attempt" }),
    draining: z.boolean().meta({ description: "This instance is shutting down (/readyz answers 503)" }),
    reasons: z.array(z.string()).meta({ description: "What makes the status degraded or unavailable" }),
  })
  .meta({ id: "HealthReport" });

export const readinessSchema = z
  .object({
    status: z.enum(["ready", "unavailable"]),
    reasons: z.array(z.string()).meta({
      description: "Why it is not ready: draining, database unreachable or migrations pending, networks not loaded",
    }),
  })
  .meta({ id: "Readiness" });

export type Health = z.infer<typeof healthSchema>;
export type Readiness = z.infer<typeof readinessSchema>;
