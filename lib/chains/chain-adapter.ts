import type { NetworkConfig, TokenConfig } from "./network-config";
import type { TransferMethod } from "./transfer-methods";

/*
 * One interface per chain namespace (eip155, solana). Adapters build what a wallet must sign,
 * verify what it returns, put it on chain and watch it settle. They never touch the database and
 * never decide a payment's status: lib/gateway does, from what they report.
 */

/** A wallet RPC request, in the service's own form (lib/gateway renders the wire forms). */
export type WalletRpcAction = {
  type: "walletRpc";
  chainId: string;
  method: "eth_signTypedData_v4" | "eth_sendTransaction" | "solana_signTransaction";
  params: unknown[];
};

/**
 * An action a wallet may resolve alone or through `fetch`: `request` is the wallet request built when
 * the option was offered, ready to sign (the wire carries it hex-encoded); fetch builds a fresher one
 * (Solana: a newer blockhash).
 */
export type BuildAction = { type: "build"; request: WalletRpcAction };

export type PaymentAction = WalletRpcAction | BuildAction;

/** How a buyer pays on a chain; fixed when options are offered and stored with the quote (lib/chains/transfer-methods.ts). */
export type { TransferMethod };

/** Everything an adapter needs to build or check one option's transfer. */
export type TransferIntent = {
  network: NetworkConfig;
  token: TokenConfig;
  method: TransferMethod;
  /** Buyer address (no CAIP prefix). */
  payer: string;
  /** Merchant receiving address for this namespace. */
  recipient: string;
  /** Token base units. */
  amount: bigint;
  /** 32 bytes (0x-hex) binding a signature or transaction to this payment and option. */
  reference: `0x${string}`;
  /** Unix seconds after which the authorization must be void (<= payment expiry). */
  validBefore: number;
  /**
   * Solana: who funds the merchant's token account if the transaction has to create it. The
   * service pays for one account per merchant and token; the buyer's transaction funds any other
   * (default: service).
   */
  rentPayer?: "service" | "buyer";
};

/** What a resolved build action leaves for confirm to compare against. */
export type BuiltTransaction = { actions: WalletRpcAction[]; message: string; lastValidBlockHeight?: number };

/** A contract call the service's relayer sends on the buyer's behalf (EVM EIP-3009). */
export type RelayCall = { to: `0x${string}`; data: `0x${string}`; gasLimit: bigint };

/**
 * A wallet's results, verified against the intent; nothing has been sent. Confirm records it
 * before acting on it: a relay gets its nonce and signature then; a co-signed transaction is
 * broadcast after the record; a wallet-sent transaction is only watched.
 */
export type Verified =
  | { kind: "relay"; call: RelayCall }
  /** `amount`: what the transfer carries; a wallet may have changed the option's (underpaid, overpaid). */
  | { kind: "wallet_sent"; txHash: string; payerNonce: number; amount: bigint }
  | { kind: "cosigned"; txHash: string; rawTx: string; lastValidBlockHeight?: number };

/** EVM fees of one relay version (EIP-1559). */
export type RelayFees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/**
 * A refund the merchant sent from its own wallet: `amount` of `token` from `from` (the merchant's
 * receiving address) to `to` (the buyer), after `notBefore` (when the payment succeeded).
 */
export type RefundIntent = {
  network: NetworkConfig;
  token: TokenConfig;
  from: string;
  to: string;
  amount: bigint;
  notBefore: Date;
  /** The payment's own transaction: a refund must be mined in a later block (slot) than it. */
  paidBy?: string;
};

/** A relay transaction signed locally: its bytes and hash are known before it is sent. */
export type SignedRelay = { txHash: string; rawTx: string };

/** What the watcher tracks of one recorded submission. */
export type Tracked = {
  kind: "relay" | "wallet_sent" | "cosigned";
  /** The current transaction, then earlier versions at the same nonce that may still be mined. */
  txHashes: string[];
  payerNonce?: number;
  relayer?: string;
  relayNonce?: number;
  lastValidBlockHeight?: number;
  /** The payment's creation: a transfer landed earlier cannot pay it. */
  notBefore: Date;
  /**
   * The watcher's first look since the transaction was recorded (sent by the service, or found by
   * confirm in the node's mempool): with no receipt yet it reads as pending without asking whether
   * the node knows it, a call that would only tell what the send or confirm just saw. Later looks
   * ask, so a dropped transaction is found one check later at most.
   */
  firstLook?: boolean;
};

/**
 * A fee the service's gas key paid in one transaction, in native base units: a relay's gas or a
 * Solana transaction's fee (`network_fee`), or the rent of a merchant account it created (`rent`).
 */
export type PaidFee = { kind: "network_fee" | "rent"; txHash: string; amount: bigint };

export type Observation =
  /** Known to the network, not at the required depth yet. */
  | { state: "pending"; mined: boolean }
  /**
   * The network knows none of the transactions. `nonceUsed`: the sender's nonce has moved past it
   * (EVM), so it can never be mined; `expired`: its blockhash expired (Solana), likewise.
   */
  | { state: "unknown"; nonceUsed: boolean; expired: boolean }
  /**
   * `sponsored`: an account of the merchant's that this transaction created with the service's money
   * (rent). `fees`: what the service's gas key paid in the transactions that settled or failed it.
   */
  | {
      state: "confirmed";
      txHash: string;
      confirmations: number;
      sponsored?: { account: string; lamports: bigint };
      fees?: PaidFee[];
      /**
       * The transfer to the intent's recipient as the ledger would record it, from the reads this
       * observation made: the watcher records it when it closes the submission, so the ledger does not
       * read the same transaction again. Absent when the reads did not give all of it.
       */
      transfer?: ObservedTransfer;
    }
  | { state: "failed"; reason: string; fees?: PaidFee[] };

/** A transfer to a watched recipient, as the chain shows it (the ledger records it once). */
export type ObservedTransfer = {
  txHash: string;
  /** Its place in the transaction: log index within the receipt (tokens), -1 for the native value (EVM), instruction (Solana). */
  position: number;
  blockNumber: bigint;
  blockHash: string;
  blockTime: Date;
  sender: string;
  recipient: string;
  /** CAIP-19. */
  asset: string;
  amount: bigint;
  /** 32-byte references (0x-hex, lowercase) the transaction carries that may bind it to a payment option. */
  references: string[];
  /**
   * What the service's gas key paid in this transaction, when it is the fee payer (Solana: a
   * transaction the service co-signed): the fee, and the rent of a token account it created for the
   * recipient. The ledger records both for a transaction no submission of the watcher follows.
   */
  paidByService?: { fees: PaidFee[]; sponsored?: { account: string; lamports: bigint } };
};

/** A transfer a block scan listed before reading its transaction: what the ledger needs to tell whether to read it. */
export type ListedTransfer = {
  txHash: string;
  blockNumber: bigint;
  blockHash: string;
  recipient: string;
  asset: string;
};

/**
 * What a scan looks for: transfers to these addresses; `native`: also plain native-coin transfers
 * (costs a block read each). `toRead`: of the transfers listed, those whose transactions to read (the
 * ledger leaves out what it has recorded already); all of them when absent. `blocksRead`: the hashes of
 * the blocks read whole (for native transfers), by number.
 */
export type ScanWatch = {
  recipients: string[];
  native: boolean;
  toRead?: (listed: ListedTransfer[], blocksRead: ReadonlyMap<bigint, string>) => Promise<ListedTransfer[]>;
};

/**
 * What a scan by reference looks for (Solana): transactions that carry `reference` (0x-hex of the
 * option's 32 bytes, used as a read-only account key, Solana Pay's way) and move `asset` (CAIP-19) to
 * `recipient` (the merchant's address; for a token, any token account it owns of the mint).
 */
/** A recipient and an asset whose incoming transfers the ledger reads account by account (Solana). */
export type AccountWatch = { recipient: string; asset: string };

/** A watched account's new signatures, oldest first; a failed transaction moved nothing but moves the cursor. */
export type AccountSignatures = { watch: AccountWatch; signatures: { signature: string; failed: boolean }[] };

/** A network's head and its newest final block, read once per pass. */
export type ChainTip = { head: bigint; finalized: bigint };

/** What the ledger recorded of a transfer, to find it again. */
export type RecordedTransfer = { txHash: string; position: number; asset: string; recipient: string; amount: bigint };

export type LocatedTransfer =
  | { state: "mined"; blockNumber: bigint; blockHash: string; confirmations: number; final: boolean }
  /** No successful transaction with this transfer in the canonical chain (reorged out, or mined again and reverted). */
  | { state: "missing" };

/** A transfer the finality watch follows, by the block it was recorded in: what finds it there again. */
export type WatchedBlock = { blockNumber: bigint; asset: string; recipient: string };

/** A transfer mined in `block`, as deep as `tip` says: final once the block is at or below the tip's final one. */
export function minedIn(block: { blockNumber: bigint; blockHash: string }, tip: ChainTip): LocatedTransfer {
  return {
    state: "mined",
    blockNumber: block.blockNumber,
    blockHash: block.blockHash,
    confirmations: Number(tip.head - block.blockNumber + 1n),
    final: block.blockNumber <= tip.finalized,
  };
}

/** The relayer side of an EVM adapter: the key that relays EIP-3009 authorizations. */
export interface Relayer {
  address: `0x${string}`;
  /** The relayer's next nonce as the network counts it (pending transactions included). */
  pendingNonce(network: NetworkConfig): Promise<number>;
  /** The relayer's nonce as mined: every nonce below it is used. */
  minedNonce(network: NetworkConfig): Promise<number>;
  /** Current fees, cached briefly per network. */
  fees(network: NetworkConfig): Promise<RelayFees>;
  /** Sign `call` at `nonce` (no network I/O). */
  sign(network: NetworkConfig, relay: { call: RelayCall; nonce: number; fees: RelayFees }): Promise<SignedRelay>;
}

/** A result failed verification: wrong signer, amount, token, recipient, chain, altered message, reuse. */
export class ChainVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChainVerificationError";
  }
}

/** The chain could not be reached or answered an error: retryable, not the buyer's fault. */
export class ChainRpcError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ChainRpcError";
  }
}

export interface ChainAdapter {
  readonly namespace: "eip155" | "solana";
  /** The address of the service's gas key on this namespace (EVM relayer, Solana fee payer); never the key. */
  readonly gasAddress: string;
  /**
   * Options' actions: EVM wallet requests, or one Solana build action carrying `built`, the
   * transaction built for the option when it was offered (checked to be this intent's first).
   */
  actionsFor(intent: TransferIntent, built?: BuiltTransaction): Promise<PaymentAction[]>;
  /**
   * Solana Pay transaction requests: `built` (the transaction built for the intent, checked to be
   * this intent's first) with the fee payer's signature, as a wire transaction (base64) that only the
   * payer's signature is missing from, for a wallet that signs and sends it itself. `txHash`: its
   * signature, known before it is handed out.
   */
  cosignForWallet?(
    intent: TransferIntent,
    built: BuiltTransaction | undefined,
  ): Promise<{ transaction: string; txHash: string }>;
  /** A fresh transaction for the intent (Solana: fetch). */
  resolveBuild(intent: TransferIntent): Promise<BuiltTransaction>;
  /** Fresh transactions for many intents with one chain read per network (Solana: options, one recent blockhash). */
  resolveBuilds(intents: TransferIntent[]): Promise<BuiltTransaction[]>;
  /**
   * Verify the wallet's results against the intent, reading the chain but sending nothing: an
   * EIP-3009 signature (signer, amount, recipient, nonce, and that the relay would succeed), a
   * Solana transaction (byte-identical to one of `builds`, the transactions built for the option,
   * itself rebuilt from the intent; valid signature; co-signed here), or a transaction the wallet
   * sent. Throws ChainVerificationError when anything does not match.
   */
  verify(
    intent: TransferIntent,
    results: string[],
    context: { builds?: BuiltTransaction[]; notBefore: Date },
  ): Promise<Verified>;
  /**
   * Put signed bytes on the network. Idempotent: a transaction the network already holds or has
   * landed is not an error. A refusal that means these bytes can never land (Solana preflight:
   * insufficient funds, expired blockhash) is a ChainVerificationError; `preflight: false` skips
   * the simulation (resends of bytes that already passed it).
   */
  broadcast(network: NetworkConfig, rawTx: string, options: { preflight: boolean }): Promise<void>;
  /**
   * Solana: simulate signed bytes without sending them (signatures checked). Throws ChainVerificationError
   * when the network says they cannot land (insufficient funds, bad signature, expired blockhash).
   */
  simulate?(network: NetworkConfig, rawTx: string): Promise<void>;
  /**
   * Where a recorded transfer stands: pending, unknown to the network, confirmed (required depth
   * reached and re-checked against the canonical chain, the transfer on chain exactly the intent's,
   * landed no earlier than `notBefore`) or failed.
   */
  observe(intent: TransferIntent, tracked: Tracked): Promise<Observation>;
  /**
   * Where a refund transaction the merchant's wallet sent stands, read-only: confirmed (required depth,
   * succeeded, moved exactly `amount` of the token from the merchant to the buyer, landed after
   * `notBefore`), failed (any of that does not hold), pending, or unknown to the network. Malformed
   * hashes are a ChainVerificationError. Reuse of a hash is the caller's to refuse.
   */
  verifyRefund(intent: RefundIntent, txHash: string): Promise<Observation>;
  /** The ledger (EVM): the newest block number. */
  chainHead?(network: NetworkConfig): Promise<bigint>;
  /** The ledger: the head and the newest final block (Solana: slots). */
  chainTip?(network: NetworkConfig): Promise<ChainTip>;
  /** The ledger (EVM): the hash of block `blockNumber`, undefined past the head (a reorg under the scan's cursor shows here). */
  blockHash?(network: NetworkConfig, blockNumber: bigint): Promise<string | undefined>;
  /**
   * The finality watch (EVM): the canonical hash now of each block the transfers were recorded in, as
   * few calls as the chain allows (a block left out: it changed, the transfer is gone, or the read
   * failed; the caller locates the transfer afresh). Blocks spread over more than `maxSpan` are read one by one.
   */
  transferBlockHashes?(
    network: NetworkConfig,
    transfers: WatchedBlock[],
    maxSpan: bigint,
  ): Promise<Map<bigint, string>>;
  /** The ledger (EVM): every transfer to the watched recipients in blocks `from`..`to`, with the references that may bind it. */
  scanBlocks?(
    network: NetworkConfig,
    range: { from: bigint; to: bigint },
    watch: ScanWatch,
  ): Promise<ObservedTransfer[]>;
  /**
   * The ledger (Solana), first read: for each watched account, its signatures at "confirmed" after the
   * cursor (`recipient asset` -> the last signature looked at), oldest first; an account with no
   * cursor yet gives its newest `firstSight`. One read per account, however many payments are open.
   */
  accountSignatures?(
    network: NetworkConfig,
    read: { watches: AccountWatch[]; cursors: ReadonlyMap<string, string>; firstSight: number },
  ): Promise<AccountSignatures[]>;
  /**
   * The ledger (Solana), second read: each transaction once, and in it the transfer to each watch it
   * was listed for, whoever sent it; `unread` are signatures the node did not have yet.
   */
  accountTransfers?(
    network: NetworkConfig,
    reads: { signature: string; watches: AccountWatch[] }[],
  ): Promise<{ transfers: ObservedTransfer[]; unread: string[] }>;
  /** The ledger: where a recorded transfer stands now (depth, finality) or that it is missing (reorged out). */
  locateTransfer?(network: NetworkConfig, transfer: RecordedTransfer, tip: ChainTip): Promise<LocatedTransfer>;
  /** Solana: the merchant's token account a payment may have to create (and someone to fund); none for SOL. */
  rentAccountOf?(intent: TransferIntent): Promise<string | undefined>;
  /** EVM only: the gas key that relays authorizations. */
  readonly relayer?: Relayer;
}
