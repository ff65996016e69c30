import type { BalanceSnapshot } from "./balance-snapshot";
import type { ExecutionDetails } from "./execution-details";
import type { LoadedAddresses } from "./message-accounts";
import type { RpcTxError } from "./tx-errors";
import type { WireTransaction } from "./wire-format";

/** Everything getTransaction, getSignatureStatuses and getSignaturesForAddress answer from. */
export interface TxRecord extends ExecutionDetails {
  signature: string;
  slot: number;
  blockTime: number;
  wire: Uint8Array;
  tx: WireTransaction;
  loaded: LoadedAddresses;
  /** Static keys, then loaded writable, then loaded readonly: the indexes balances refer to. */
  accountKeys: string[];
  err: RpcTxError | null;
  fee: bigint;
  pre: BalanceSnapshot;
  post: BalanceSnapshot;
}

/**
 * In-memory history. A devnet lives for one test run or one work session, so keeping every
 * transaction is cheaper than any eviction logic (a record is a few KB).
 */
export class TransactionStore {
  private readonly bySignature = new Map<string, TxRecord>();
  private readonly byAddress = new Map<string, string[]>();

  add(record: TxRecord): void {
    this.bySignature.set(record.signature, record);
    for (const key of new Set(record.accountKeys)) {
      const list = this.byAddress.get(key) ?? [];
      list.push(record.signature);
      this.byAddress.set(key, list);
    }
  }

  get(signature: string): TxRecord | undefined {
    return this.bySignature.get(signature);
  }

  get count(): number {
    return this.bySignature.size;
  }

  /** Newest first, as getSignaturesForAddress returns them; before/until are exclusive bounds. */
  forAddress(address: string, opts: { before?: string; until?: string }): TxRecord[] {
    const signatures = [...(this.byAddress.get(address) ?? [])].reverse();
    let start = 0;
    if (opts.before) {
      const at = signatures.indexOf(opts.before);
      start = at === -1 ? signatures.length : at + 1;
    }
    const out: TxRecord[] = [];
    for (const signature of signatures.slice(start)) {
      if (signature === opts.until) break;
      const record = this.bySignature.get(signature);
      if (record) out.push(record);
    }
    return out;
  }
}
