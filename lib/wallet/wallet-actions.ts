import { z } from "zod";

/** A wallet RPC action in the spec's view (2.7): `params` is JSON text holding an array. */
export type WalletRpcAction = { type: "walletRpc"; walletRpc: { chainId: string; method: string; params: string } };
/** An action the gateway's fetch call turns into wallet RPC actions; `data` is opaque. */
export type BuildAction = { type: "build"; data: string };
export type WalletAction = WalletRpcAction | BuildAction;

/*
 * On the wire each walletRpc action carries both the SDK form `data{chain_id, method, params[]}`
 * and the spec form `walletRpc{chainId, method, params: JSON text}`; a build action is
 * `{type:"build", data:{data}}`. Either form alone is read, so other servers of the same
 * interface work too; when both are present they must name the same chain and method, else the
 * SDK and this client would perform different actions.
 */
const rpcView = z.object({ chainId: z.string().min(1), method: z.string().min(1), params: z.string() });
const sdkView = z.object({ chain_id: z.string().min(1), method: z.string().min(1), params: z.array(z.unknown()) });

const wireWalletRpc = z
  .object({ type: z.literal("walletRpc"), walletRpc: rpcView.optional(), data: sdkView.optional() })
  .refine((a) => a.walletRpc || a.data, "a walletRpc action needs walletRpc or data")
  .refine(
    (a) => !a.walletRpc || !a.data || (a.walletRpc.chainId === a.data.chain_id && a.walletRpc.method === a.data.method),
    "walletRpc and data name different actions",
  );

const wireBuild = z.object({ type: z.literal("build"), data: z.union([z.string(), z.object({ data: z.string() })]) });

/** Reads one wire action into the spec's view. */
export const wireActionSchema = z.union([wireWalletRpc, wireBuild]).transform((a): WalletAction => {
  if (a.type === "build") return { type: "build", data: typeof a.data === "string" ? a.data : a.data.data };
  if (a.walletRpc) return { type: "walletRpc", walletRpc: a.walletRpc };
  const d = a.data!;
  return { type: "walletRpc", walletRpc: { chainId: d.chain_id, method: d.method, params: JSON.stringify(d.params) } };
});
