import { z } from "zod";

/** One RPC endpoint of a network as this instance has seen it, as /healthz reports it. */
export const rpcEndpointHealthSchema = z
  .object({
    host: z.string().meta({
      description:
        "The endpoint's host (and port); never its path, query or credentials, which may hold a provider key",
    }),
    state: z.enum(["ok", "failing", "unknown"]).meta({
      description:
        "ok: its last call was answered; failing: it was not (refused, timed out, non-2xx); unknown: not called yet",
    }),
    latencyMs: z.number().int().nullable().meta({ description: "Mean time of its recent answered calls" }),
    lastError: z.string().nullable().meta({ description: "Why its last failed call failed" }),
    failingSince: z.string().nullable().meta({ description: "When its current run of failures began (ISO 8601)" }),
    lastOkAt: z.string().nullable().meta({ description: "When it last answered (ISO 8601)" }),
  })
  .meta({ id: "RpcEndpointHealth" });

/** A network's RPC endpoints, in the configured order. */
export const rpcNetworkHealthSchema = z
  .object({
    network: z.string().meta({ description: "CAIP-2 chain id" }),
    name: z.string(),
    endpoints: z.array(rpcEndpointHealthSchema),
  })
  .meta({ id: "RpcNetworkHealth" });

export type RpcEndpointHealth = z.infer<typeof rpcEndpointHealthSchema>;
export type RpcNetworkHealth = z.infer<typeof rpcNetworkHealthSchema>;
