import type { RpcContext, RpcHandler } from "./rpc-context";
import { RpcError, RPC_INTERNAL_ERROR, RPC_INVALID_REQUEST, RPC_METHOD_NOT_FOUND } from "./rpc-error";
import { accountMethods } from "./rpc-methods-accounts";
import { clusterMethods } from "./rpc-methods-cluster";
import { transactionMethods } from "./rpc-methods-transactions";

const METHODS: Record<string, RpcHandler> = { ...clusterMethods, ...accountMethods, ...transactionMethods };
export const SUPPORTED_METHODS = Object.keys(METHODS).sort();

type Id = string | number | null;
type Response = { jsonrpc: "2.0"; id: Id; result?: unknown; error?: { code: number; message: string; data?: unknown } };

function failure(id: Id, error: unknown): Response {
  if (error instanceof RpcError) {
    const body = {
      code: error.code,
      message: error.message,
      ...(error.data !== undefined ? { data: error.data } : {}),
    };
    return { jsonrpc: "2.0", id, error: body };
  }
  // A bug in the devnet, not in the caller: say so plainly rather than imitate a node error.
  console.error("[devnet solana] internal error:", error);
  return { jsonrpc: "2.0", id, error: { code: RPC_INTERNAL_ERROR, message: `Internal error: ${String(error)}` } };
}

function handleOne(request: unknown, ctx: RpcContext): Response {
  const req = request as { jsonrpc?: unknown; id?: Id; method?: unknown; params?: unknown };
  const id = req && (typeof req.id === "string" || typeof req.id === "number") ? req.id : null;
  if (!req || typeof req !== "object" || req.jsonrpc !== "2.0" || typeof req.method !== "string") {
    return failure(id, new RpcError(RPC_INVALID_REQUEST, "Invalid request"));
  }
  const handler = Object.hasOwn(METHODS, req.method) ? METHODS[req.method] : undefined;
  if (!handler) return failure(id, new RpcError(RPC_METHOD_NOT_FOUND, `Method not found: ${req.method}`));
  const params = Array.isArray(req.params) ? req.params : req.params === undefined ? [] : [req.params];
  try {
    return { jsonrpc: "2.0", id, result: handler(params, ctx) };
  } catch (error) {
    return failure(id, error);
  }
}

/** JSON-RPC 2.0 over one parsed body: a single request or a batch (web3.js batches some reads). */
export function dispatch(body: unknown, ctx: RpcContext): Response | Response[] {
  if (Array.isArray(body)) {
    if (body.length === 0) return failure(null, new RpcError(RPC_INVALID_REQUEST, "Invalid request: empty batch"));
    return body.map((request) => handleOne(request, ctx));
  }
  return handleOne(body, ctx);
}

/** JSON.stringify that turns any stray bigint into a number (lamports fit; token amounts are strings). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? Number(v) : v));
}
