import { address } from "@solana/kit";
import { encodeAccount } from "./account-encoding";
import { FINALIZED_AFTER_SLOTS } from "./ledger";
import { configParam, stringParam, type RpcContext } from "./rpc-context";
import { toJson } from "./rpc-dispatch";
import { invalidParams, RpcError, RPC_METHOD_NOT_FOUND } from "./rpc-error";
import type { TxRecord } from "./transaction-store";
import type { WebSocketConnection } from "./websocket";

type Subscription =
  | { kind: "signature"; signature: string; finalized: boolean }
  | { kind: "account"; address: string; encoding: string }
  | { kind: "logs"; mentions: string | null }
  | { kind: "slot" }
  | { kind: "root" };

let nextSubscriptionId = 1;

/**
 * The node's pubsub API on one WebSocket connection: signature, account, logs, slot and root
 * subscriptions. web3.js needs signatureSubscribe for confirmTransaction/sendAndConfirmTransaction,
 * which would otherwise wait until the blockhash expires and then fail.
 */
export function servePubSub(conn: WebSocketConnection, ctx: RpcContext): void {
  const subscriptions = new Map<number, Subscription>();
  const notify = (id: number, method: string, result: unknown) =>
    conn.send(toJson({ jsonrpc: "2.0", method, params: { result, subscription: id } }));
  const context = () => ({ slot: ctx.ledger.clock.slot });

  const checkSignatures = () => {
    for (const [id, sub] of subscriptions) {
      if (sub.kind !== "signature") continue;
      const status = ctx.ledger.statusOf(sub.signature);
      if (!status || (sub.finalized && status.confirmationStatus !== "finalized")) continue;
      notify(id, "signatureNotification", { context: context(), value: { err: status.err } });
      subscriptions.delete(id); // signature subscriptions are one-shot, as on a node
    }
  };
  const onTransaction = (record: TxRecord) => {
    checkSignatures();
    for (const [id, sub] of subscriptions) {
      if (sub.kind === "logs" && (sub.mentions === null || record.accountKeys.includes(sub.mentions))) {
        notify(id, "logsNotification", {
          context: context(),
          value: { signature: record.signature, err: record.err, logs: record.logs },
        });
      }
      if (sub.kind === "account" && record.accountKeys.includes(sub.address)) {
        const account = ctx.ledger.svm.getAccount(address(sub.address));
        const value = account.exists ? encodeAccount(ctx.ledger.svm, account, { encoding: sub.encoding }) : null;
        notify(id, "accountNotification", { context: context(), value });
      }
    }
  };
  const onSlot = (slot: number) => {
    checkSignatures();
    const root = Math.max(0, slot - FINALIZED_AFTER_SLOTS);
    for (const [id, sub] of subscriptions) {
      if (sub.kind === "slot") notify(id, "slotNotification", { parent: Math.max(0, slot - 1), root, slot });
      if (sub.kind === "root") notify(id, "rootNotification", root);
    }
  };
  ctx.ledger.on("transaction", onTransaction);
  ctx.ledger.on("slot", onSlot);
  conn.on("close", () => {
    ctx.ledger.off("transaction", onTransaction);
    ctx.ledger.off("slot", onSlot);
  });

  conn.on("message", (text: string) => {
    let request: { id?: number | string; method?: string; params?: unknown[] };
    try {
      request = JSON.parse(text) as typeof request;
    } catch {
      return conn.send(toJson({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }));
    }
    if (request.id === undefined || request.id === null) return; // notifications such as web3.js's "ping"
    try {
      const result = handle(request.method ?? "", request.params ?? [], subscriptions);
      conn.send(toJson({ jsonrpc: "2.0", id: request.id, result }));
      checkSignatures(); // a signature that already landed is reported right away
    } catch (error) {
      const { code, message } = error instanceof RpcError ? error : { code: -32603, message: String(error) };
      conn.send(toJson({ jsonrpc: "2.0", id: request.id, error: { code, message } }));
    }
  });
}

function handle(method: string, params: unknown[], subscriptions: Map<number, Subscription>): unknown {
  if (method.endsWith("Unsubscribe")) {
    const id = params[0];
    if (typeof id !== "number") throw invalidParams("Invalid param: expected a subscription id");
    return subscriptions.delete(id);
  }
  const add = (sub: Subscription) => {
    const id = nextSubscriptionId++;
    subscriptions.set(id, sub);
    return id;
  };
  switch (method) {
    case "signatureSubscribe": {
      const { commitment } = configParam<{ commitment: string }>(params, 1);
      const finalized = commitment === undefined || commitment === "finalized";
      return add({ kind: "signature", signature: stringParam(params, 0, "a signature"), finalized });
    }
    case "accountSubscribe": {
      const { encoding } = configParam<{ encoding: string }>(params, 1);
      return add({
        kind: "account",
        address: address(stringParam(params, 0, "a public key")),
        encoding: encoding ?? "base64",
      });
    }
    case "logsSubscribe": {
      const filter = params[0] as string | { mentions?: string[] };
      const mentions = typeof filter === "object" && filter?.mentions?.[0] ? filter.mentions[0] : null;
      return add({ kind: "logs", mentions });
    }
    case "slotSubscribe":
      return add({ kind: "slot" });
    case "rootSubscribe":
      return add({ kind: "root" });
    default:
      throw new RpcError(RPC_METHOD_NOT_FOUND, `Method not found: ${method}`);
  }
}
