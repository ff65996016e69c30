import { EventEmitter } from "node:events";
import { getTransactionDecoder, type EncodedAccount, type Signature, type Transaction } from "@solana/kit";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { snapshotBalances } from "./balance-snapshot";
import { allAccountKeys, feeForMessage, resolveLoadedAddresses } from "./message-accounts";
import { executionDetails, type ExecutionDetails } from "./execution-details";
import { SlotClock } from "./slot-clock";
import { parseOrReject, preflightFailure, usesCurrentDurableNonce, withSignatureErrors } from "./submit-checks";
import { toRpcTxError, type RpcTxError } from "./tx-errors";
import { TransactionStore, type TxRecord } from "./transaction-store";
import type { WireTransaction } from "./wire-format";

export interface SimulationResult extends ExecutionDetails {
  err: RpcTxError | null;
  /** Accounts as they would be after the transaction (for simulateTransaction's "accounts"). */
  postAccounts: EncodedAccount[];
}

/**
 * Slots after which a landed transaction counts as finalized. Mainnet needs ~32 (about 13 s); two
 * keeps the processed -> finalized transition visible to clients while tests wait under a second.
 */
export const FINALIZED_AFTER_SLOTS = 2;

export interface SignatureStatus {
  slot: number;
  confirmations: number | null;
  err: RpcTxError | null;
  status: { Ok: null } | { Err: RpcTxError };
  confirmationStatus: "confirmed" | "finalized";
}

/**
 * The devnet's Solana state: a LiteSVM instance plus what a validator keeps around it and LiteSVM
 * does not (slots and expiring blockhashes, signature statuses, full transaction records).
 * Emits "slot" (number) on every new slot and "transaction" (TxRecord) after every landed transaction.
 */
export class SolanaLedger extends EventEmitter {
  readonly svm = new LiteSVM().withBlockhashCheck(false);
  readonly clock = new SlotClock(this.svm, (slot) => this.emit("slot", slot));
  readonly store = new TransactionStore();
  private timer: NodeJS.Timeout | undefined;

  constructor() {
    super();
    this.setMaxListeners(0); // every WebSocket client listens; dozens of them are normal
  }

  startTicking(slotMs: number): void {
    this.timer = setInterval(() => this.clock.advance(1), slotMs);
    this.timer.unref(); // the RPC server, not the clock, decides how long the process lives
  }

  stopTicking(): void {
    clearInterval(this.timer);
  }

  /**
   * sendTransaction. With preflight, a transaction that would fail is rejected with the node's
   * -32002 error and never lands; without, it lands with meta.err and pays its fee, like on a cluster.
   */
  submit(wire: Uint8Array, preflight: boolean): string {
    const tx = parseOrReject(wire);
    const signature = tx.signatures[0] as string;
    if (this.store.get(signature)) {
      if (!preflight) return signature; // a resend of a landed transaction is a no-op on a cluster
      throw preflightFailure("AlreadyProcessed", [], 0n);
    }
    if (!this.hasLiveLifetime(tx)) {
      // A cluster would silently drop it; rejecting loudly is kinder to whoever is debugging.
      throw preflightFailure("BlockhashNotFound", [], 0n);
    }
    const kitTx = getTransactionDecoder().decode(wire);
    if (preflight) {
      const simulated = this.simulateDecoded(kitTx, true);
      if (simulated.err) throw preflightFailure(simulated.err, simulated.logs, simulated.unitsConsumed);
    }
    const loaded = resolveLoadedAddresses(this.svm, tx);
    const accountKeys = allAccountKeys(tx, loaded);
    const pre = snapshotBalances(this.svm, accountKeys);
    const result = withSignatureErrors(() => this.svm.sendTransaction(kitTx));
    const failed = result instanceof FailedTransactionMetadata;
    const err = failed ? toRpcTxError(result.err()) : null;
    // LiteSVM records (and charges) a failed transaction only if it got as far as paying its fee.
    if (failed && this.svm.getTransaction(signature as Signature) === null) {
      throw preflightFailure(err ?? "SanitizeFailure", result.meta().logs(), result.meta().computeUnitsConsumed());
    }
    const record: TxRecord = {
      signature,
      slot: this.clock.slot,
      blockTime: this.clock.blockTime(this.clock.slot),
      wire,
      tx,
      loaded,
      accountKeys,
      err,
      fee: feeForMessage(tx),
      pre,
      post: snapshotBalances(this.svm, accountKeys),
      ...executionDetails(failed ? result.meta() : result),
    };
    this.store.add(record);
    this.emit("transaction", record);
    return signature;
  }

  /** One validator votes at once, so a landed transaction is "confirmed" in its own slot. */
  statusOf(signature: string): SignatureStatus | null {
    const record = this.store.get(signature);
    if (!record) return null;
    const depth = this.clock.slot - record.slot;
    const finalized = depth >= FINALIZED_AFTER_SLOTS;
    return {
      slot: record.slot,
      confirmations: finalized ? null : depth,
      err: record.err,
      status: record.err ? { Err: record.err } : { Ok: null },
      confirmationStatus: finalized ? "finalized" : "confirmed",
    };
  }

  /** simulateTransaction: never changes state. */
  simulate(wire: Uint8Array, opts: { sigVerify: boolean; replaceRecentBlockhash: boolean }): SimulationResult {
    const tx = parseOrReject(wire);
    if (!opts.replaceRecentBlockhash && !this.hasLiveLifetime(tx)) {
      const none = { logs: [], unitsConsumed: 0n, innerInstructions: [], returnData: null, postAccounts: [] };
      return { err: "BlockhashNotFound", ...none };
    }
    return this.simulateDecoded(getTransactionDecoder().decode(wire), opts.sigVerify);
  }

  private simulateDecoded(kitTx: Transaction, sigVerify: boolean): SimulationResult {
    // LiteSVM's sigverify is instance-wide; flipping it around one synchronous call is safe.
    this.svm.withSigverify(sigVerify);
    try {
      const result = withSignatureErrors(() => this.svm.simulateTransaction(kitTx));
      if (result instanceof FailedTransactionMetadata) {
        return { err: toRpcTxError(result.err()), ...executionDetails(result.meta()), postAccounts: [] };
      }
      return { err: null, ...executionDetails(result.meta()), postAccounts: result.postAccounts() };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  /** Recent blockhash still valid, or a durable-nonce transaction whose nonce account holds it. */
  private hasLiveLifetime(tx: WireTransaction): boolean {
    return this.clock.isBlockhashValid(tx.recentBlockhash) || usesCurrentDurableNonce(this.svm, tx);
  }
}
