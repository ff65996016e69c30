import { Transaction, VersionedMessage, VersionedTransaction, type Keypair } from "@solana/web3.js";
import type { SolanaSigner } from "./signers";
import { splitWireTransaction } from "./solana-wire";
import { WalletFlowError } from "./wallet-error";

/** What Solana wallet-adapter's `useWallet().signTransaction` is: signs a web3.js transaction, never sends it. */
export type SignWeb3Transaction = <T extends Transaction | VersionedTransaction>(transaction: T) => Promise<T>;

/**
 * A Solana signer over a function that signs @solana/web3.js transactions (wallet-adapter's
 * signTransaction). Decodes the wire bytes into the transaction class the message calls for
 * (legacy or v0), has it signed, and serialises the whole transaction back. Other signatures
 * (the service's fee payer) stay empty: the service fills them in before broadcasting.
 */
export function solanaSignerFromSignTransaction(signTransaction: SignWeb3Transaction): SolanaSigner {
  return {
    async signTransaction(bytes) {
      const split = splitWireTransaction(bytes);
      if (!split) throw new WalletFlowError("invalid_action", "The transaction to sign is not a Solana transaction.");
      if (VersionedMessage.deserializeMessageVersion(split.message) !== "legacy") {
        return (await signTransaction(VersionedTransaction.deserialize(bytes))).serialize();
      }
      const signed = await signTransaction(Transaction.from(bytes));
      return new Uint8Array(signed.serialize({ requireAllSignatures: false, verifySignatures: false }));
    },
  };
}

/** A Solana signer over a @solana/web3.js Keypair (Node wallets, scripts, tests): signs, never sends. */
export function solanaSignerFromKeypair(keypair: Keypair): SolanaSigner {
  return solanaSignerFromSignTransaction(async (tx) => {
    if (tx instanceof VersionedTransaction) tx.sign([keypair]);
    else tx.partialSign(keypair);
    return tx;
  });
}
