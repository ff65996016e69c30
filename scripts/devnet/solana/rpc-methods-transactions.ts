import { address } from "@solana/kit";
import { encodeAccount } from "./account-encoding";
import {
  addressParam,
  configParam,
  decodeBinary,
  stringParam,
  withContext,
  type RpcContext,
  type RpcHandler,
} from "./rpc-context";
import { invalidParams } from "./rpc-error";
import { formatTransaction, transactionMemo } from "./transaction-format";
import type { TxRecord } from "./transaction-store";

interface SendConfig {
  encoding: string;
  skipPreflight: boolean;
}
interface SimulateConfig {
  encoding: string;
  sigVerify: boolean;
  replaceRecentBlockhash: boolean;
  accounts: { addresses: string[]; encoding?: string };
  innerInstructions: boolean;
}
interface ReadConfig {
  commitment: string;
  encoding: string;
  maxSupportedTransactionVersion: number;
  limit: number;
  before: string;
  until: string;
}

/**
 * Reads at "finalized" (the node's default when a client names no commitment) must not see a
 * transaction that is only confirmed, exactly as on a cluster, or client code that forgets to
 * ask for "confirmed" would pass here and break there.
 */
function visibleAt(ctx: RpcContext, record: TxRecord, commitment: string | undefined): boolean {
  if (commitment && commitment !== "finalized") return true;
  return ctx.ledger.statusOf(record.signature)?.confirmationStatus === "finalized";
}

/** Sending, simulating and looking up transactions. */
export const transactionMethods: Record<string, RpcHandler> = {
  sendTransaction: (p, ctx) => {
    const config = configParam<SendConfig>(p, 1);
    const wire = decodeBinary(stringParam(p, 0, "an encoded transaction"), config.encoding);
    return ctx.ledger.submit(wire, config.skipPreflight !== true);
  },
  simulateTransaction: (p, ctx) => {
    const config = configParam<SimulateConfig>(p, 1);
    if (config.sigVerify && config.replaceRecentBlockhash) {
      throw invalidParams("sigVerify may not be used with replaceRecentBlockhash");
    }
    const wire = decodeBinary(stringParam(p, 0, "an encoded transaction"), config.encoding);
    const replace = config.replaceRecentBlockhash === true;
    const result = ctx.ledger.simulate(wire, { sigVerify: config.sigVerify === true, replaceRecentBlockhash: replace });
    const accounts = config.accounts?.addresses.map((key) => {
      // Accounts the transaction touched as they would be after it; any other as they are now.
      const current = ctx.ledger.svm.getAccount(address(key));
      const account = result.postAccounts.find((post) => post.address === key) ?? (current.exists ? current : null);
      return account
        ? encodeAccount(ctx.ledger.svm, account, { encoding: config.accounts?.encoding ?? "base64" })
        : null;
    });
    const clock = ctx.ledger.clock;
    return withContext(ctx, {
      err: result.err,
      logs: result.logs,
      accounts: accounts ?? null,
      unitsConsumed: Number(result.unitsConsumed),
      returnData: result.returnData
        ? {
            programId: result.returnData.programId,
            data: [Buffer.from(result.returnData.data).toString("base64"), "base64"],
          }
        : null,
      innerInstructions: config.innerInstructions
        ? result.innerInstructions.map((group) => ({
            index: group.index,
            instructions: group.instructions.map((ix) => ({ ...ix, data: Buffer.from(ix.data).toString("base64") })),
          }))
        : null,
      ...(replace
        ? {
            replacementBlockhash: {
              blockhash: clock.latestBlockhash,
              lastValidBlockHeight: clock.lastValidBlockHeight(),
            },
          }
        : {}),
    });
  },
  getSignatureStatuses: (p, ctx) => {
    const signatures = p[0];
    if (!Array.isArray(signatures) || signatures.length > 256)
      throw invalidParams("Invalid param: expected up to 256 signatures");
    return withContext(
      ctx,
      signatures.map((_, i) => ctx.ledger.statusOf(stringParam(signatures, i, "a signature"))),
    );
  },
  getTransaction: (p, ctx) => {
    // Old clients pass the encoding as a bare string instead of a config object.
    const config = typeof p[1] === "string" ? { encoding: p[1] } : configParam<ReadConfig>(p, 1);
    const record = ctx.ledger.store.get(stringParam(p, 0, "a signature"));
    if (!record || !visibleAt(ctx, record, config.commitment)) return null;
    return formatTransaction(record, config.encoding ?? "json", config.maxSupportedTransactionVersion);
  },
  getSignaturesForAddress: (p, ctx) => {
    const config = configParam<ReadConfig>(p, 1);
    const limit = config.limit ?? 1000;
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw invalidParams("Invalid param: limit must be 1..1000");
    const records = ctx.ledger.store
      .forAddress(addressParam(p, 0), { before: config.before, until: config.until })
      .filter((record) => visibleAt(ctx, record, config.commitment))
      .slice(0, limit);
    return records.map((record) => ({
      signature: record.signature,
      slot: record.slot,
      err: record.err,
      memo: transactionMemo(record),
      blockTime: record.blockTime,
      confirmationStatus: ctx.ledger.statusOf(record.signature)?.confirmationStatus ?? "confirmed",
    }));
  },
};
