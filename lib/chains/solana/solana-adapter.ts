import { PublicKey } from "@solana/web3.js";
import {
  ChainVerificationError,
  type BuiltTransaction,
  type ChainAdapter,
  type TransferIntent,
  type WalletRpcAction,
} from "@/lib/chains/chain-adapter";
import type { SolanaGasSigner } from "../signers/gas-signer";
import { decodeBase64 } from "./wire-transaction";
import { encodeBase58 } from "./base58";
import { buildTransferMessage, tokenAccountsOf } from "./build-transfer-transaction";
import { locateSignature, solanaTip } from "./locate-signature";
import { observeSignature } from "./observe-signature";
import { createBlockhashCache } from "./recent-blockhash";
import { sendSignedTransaction, simulateSignedTransaction } from "./send-transaction";
import { accountSignatures, accountTransfers } from "./scan-accounts";
import { solanaConnection, solanaRpc } from "./solana-connection";
import { solanaTransferOf } from "./solana-transfer";
import { joinWireTransaction, splitWireTransaction } from "./split-wire-transaction";
import { tokenProgramOf } from "./token-program";
import { emptySignatureSlots, unsignedTransactionOf } from "./unsigned-transaction";
import { verifyBuiltMessage } from "./verify-built-message";
import { verifyRefundSignature } from "./verify-refund-signature";
import { verifySignedTransaction } from "./verify-signed-transaction";

export type SolanaAdapterOptions = {
  /** Signer of the service's fee payer: pays fees and new merchant token accounts, holds no tokens. */
  feePayer: SolanaGasSigner;
};

async function onChain(intent: TransferIntent, feePayer: PublicKey) {
  const transfer = solanaTransferOf(intent);
  // Else the service's own signature would authorise the token transfer.
  if (transfer.payer.equals(feePayer)) throw new ChainVerificationError("the payer cannot be the service's fee payer");
  const connection = solanaConnection(intent.network);
  const tokenProgram = transfer.mint ? await tokenProgramOf(connection, transfer.mint) : null;
  return { transfer, connection, tokenProgram };
}

/** What a wallet is asked to sign for a built message: the whole unsigned transaction, base64. */
function signRequestOf(intent: TransferIntent, message: Uint8Array): WalletRpcAction {
  const transaction = unsignedTransactionOf(message).toString("base64");
  return {
    type: "walletRpc",
    chainId: intent.network.chainId,
    method: "solana_signTransaction",
    params: [{ transaction }],
  };
}

/**
 * The stored build the wallet signed (its message is the signed transaction's), else the first one,
 * whose checks then say what is wrong with the result.
 */
function signedBuild(builds: BuiltTransaction[], result: string): BuiltTransaction | undefined {
  const bytes = decodeBase64(result);
  const wire = bytes && splitWireTransaction(bytes);
  const message = wire ? Buffer.from(wire.message).toString("base64") : undefined;
  return builds.find((built) => built.message === message) ?? builds[0];
}

/**
 * SPL token and SOL payments, non-custodial: the buyer signs a transferChecked (SOL: a system transfer) straight to the merchant,
 * the service's fee payer co-signs (paying the fee) and broadcasts. Confirm accepts only the
 * transaction the service built for the intent, byte for byte, with the buyer's valid signature.
 */
export function createSolanaAdapter(options: SolanaAdapterOptions): ChainAdapter {
  const signer = options.feePayer;
  const feePayer = { publicKey: new PublicKey(signer.publicKey) };

  /**
   * The fee payer's signature over `message` (the one that was checked) in the first slot of `signatures`,
   * joined into wire bytes here rather than by web3.js, which would compile the message again (twice)
   * for bytes that are already known: what is signed is exactly what is sent.
   */
  async function feePayerSigned(message: Uint8Array, signatures: Uint8Array[]) {
    const signature = await signer.signMessage(message);
    const wire = joinWireTransaction({ signatures: [signature, ...signatures.slice(1)], message });
    return { transaction: Buffer.from(wire).toString("base64"), txHash: encodeBase58(signature) };
  }

  // One recent blockhash per network for a few seconds: options and the fetch after them, and a burst of
  // payments, share one read (recent-blockhash.ts says what that costs the buyer's window to sign).
  const latestBlockhash = createBlockhashCache();

  /** Fresh transactions for the intents, all of one network on one recent blockhash (at most one RPC call per network). */
  async function resolveBuilds(intents: TransferIntent[]): Promise<BuiltTransaction[]> {
    return Promise.all(
      intents.map(async (intent) => {
        const { transfer, connection, tokenProgram } = await onChain(intent, feePayer.publicKey);
        const { blockhash, lastValidBlockHeight } = await latestBlockhash(intent.network.chainId, () =>
          solanaRpc("getLatestBlockhash", () => connection.getLatestBlockhash("confirmed")),
        );
        const message = buildTransferMessage(transfer, { feePayer: feePayer.publicKey, tokenProgram, blockhash });
        return { actions: [signRequestOf(intent, message)], message: message.toString("base64"), lastValidBlockHeight };
      }),
    );
  }

  return {
    namespace: "solana",
    gasAddress: feePayer.publicKey.toBase58(),

    async actionsFor(intent, built) {
      const { transfer, tokenProgram } = await onChain(intent, feePayer.publicKey);
      // The transaction built when the option was offered, checked to be this intent's before it is handed out.
      const message = verifyBuiltMessage(built, { transfer, feePayer: feePayer.publicKey, tokenProgram });
      return [{ type: "build", request: signRequestOf(intent, message) }];
    },

    async cosignForWallet(intent, built) {
      const { transfer, tokenProgram } = await onChain(intent, feePayer.publicKey);
      // Only what the service built for this intent is ever signed by its fee payer.
      const message = verifyBuiltMessage(built, { transfer, feePayer: feePayer.publicKey, tokenProgram });
      // The buyer's slots stay empty: the wallet signs after this.
      return feePayerSigned(message, emptySignatureSlots(message));
    },

    resolveBuilds,

    async resolveBuild(intent) {
      const [built] = await resolveBuilds([intent]);
      return built!;
    },

    async rentAccountOf(intent) {
      const { transfer, tokenProgram } = await onChain(intent, feePayer.publicKey);
      // SOL needs no token account: a system transfer creates a new recipient's account with the amount itself.
      const { mint } = transfer;
      if (!mint || !tokenProgram) return undefined;
      return tokenAccountsOf({ ...transfer, mint }, tokenProgram).destination.toBase58();
    },

    async verify(intent, results, { builds = [] }) {
      const [result] = results;
      if (results.length !== 1 || result === undefined) {
        throw new ChainVerificationError(`expected exactly one result (the signed transaction), got ${results.length}`);
      }
      const { transfer, tokenProgram } = await onChain(intent, feePayer.publicKey);
      // Built when offered or at a fetch: whichever the wallet signed, it must be ours for this intent.
      const built = signedBuild(builds, result);
      const message = verifyBuiltMessage(built, { transfer, feePayer: feePayer.publicKey, tokenProgram });
      const { signatures } = verifySignedTransaction(result, {
        builtMessage: message,
        payer: transfer.payer,
        feePayer: feePayer.publicKey,
      });
      // The fee payer's signature is the transaction's id: known before anything is sent.
      // Both signatures are checked already (the buyer's by verifySignedTransaction, ours just made): no second, pure-JS verify.
      const { transaction, txHash } = await feePayerSigned(message, signatures);
      return { kind: "cosigned", txHash, rawTx: transaction, lastValidBlockHeight: built?.lastValidBlockHeight };
    },

    async simulate(network, rawTx) {
      const wire = decodeBase64(rawTx);
      if (!wire) throw new ChainVerificationError("raw transaction is not base64");
      await simulateSignedTransaction(network, Buffer.from(wire).toString("base64"));
    },

    async broadcast(network, rawTx, { preflight }) {
      const wire = decodeBase64(rawTx);
      if (!wire) throw new ChainVerificationError("raw transaction is not base64");
      await sendSignedTransaction(network, Buffer.from(wire).toString("base64"), { preflight });
    },

    async observe(intent, tracked) {
      const { transfer, tokenProgram } = await onChain(intent, feePayer.publicKey);
      return observeSignature(intent.network, {
        transfer,
        tokenProgram,
        tracked,
        requiredDepth: intent.network.confirmations,
        feePayer: feePayer.publicKey,
        asset: intent.token.caip19,
      });
    },

    async verifyRefund(intent, signature) {
      return verifyRefundSignature(intent, signature);
    },

    // The ledger: Solana has no block scan here (a block is thousands of transactions); the chain
    // indexes every transaction by the accounts it names, so the merchants' receiving accounts are read.
    accountSignatures(network, read) {
      return accountSignatures(solanaConnection(network), read);
    },

    accountTransfers(network, reads) {
      return accountTransfers(network, reads, feePayer.publicKey);
    },

    chainTip(network) {
      return solanaTip(solanaConnection(network));
    },

    locateTransfer(network, transfer, tip) {
      return locateSignature(solanaConnection(network), transfer.txHash, tip);
    },
  };
}
