import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction } from "@solana/spl-token";
import { PublicKey, SystemProgram, TransactionInstruction } from "@solana/web3.js";
import { associatedTokenAccount } from "./associated-account";
import { compileLegacyMessage } from "./compile-legacy-message";
import type { SolanaTransfer } from "./solana-transfer";

/** SPL Memo (the program LiteSVM and every cluster ship; Memo1Uhk… is the legacy v1). */
export const MEMO_PROGRAM_ID = new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");

export type BuildContext = {
  feePayer: PublicKey;
  /** The mint's token program (SPL Token or Token-2022); null for SOL. */
  tokenProgram: PublicKey | null;
  blockhash: string;
};

/** Token accounts of both parties: associated token accounts (merchants may be PDAs, e.g. multisig vaults). */
export function tokenAccountsOf(
  transfer: SolanaTransfer & { mint: PublicKey },
  tokenProgram: PublicKey,
): { source: PublicKey; destination: PublicKey } {
  return {
    source: associatedTokenAccount(transfer.mint, transfer.payer, tokenProgram),
    destination: associatedTokenAccount(transfer.mint, transfer.recipient, tokenProgram),
  };
}

export function memoText(transfer: SolanaTransfer): string {
  return `payment ref ${transfer.referenceHex}`;
}

/**
 * The unsigned payment transaction's message bytes, a pure function of the transfer and context, so confirm can
 * rebuild it and compare: (1) create the merchant's token account if missing, rent paid by the fee
 * payer or, once the service has funded that account before, by the buyer; (2) transferChecked buyer -> merchant of exactly `amount`, with the reference as an extra
 * read-only key (Solana Pay); (3) a memo naming the reference. SOL: a system transfer of exactly
 * `amount` lamports buyer -> merchant with the reference key, and the memo (no account to create).
 */
export function buildTransferMessage(transfer: SolanaTransfer, context: BuildContext): Buffer {
  return compileLegacyMessage(context.feePayer, transferInstructions(transfer, context), context.blockhash);
}

/** The instructions of that transaction, in order (what web3.js's `Transaction.add` would be given). */
export function transferInstructions(
  transfer: SolanaTransfer,
  context: Omit<BuildContext, "blockhash">,
): TransactionInstruction[] {
  const { feePayer, tokenProgram } = context;
  const memo = new TransactionInstruction({
    programId: MEMO_PROGRAM_ID,
    keys: [],
    data: Buffer.from(memoText(transfer), "utf8"),
  });
  const { mint } = transfer;
  if (!mint) {
    const pay = SystemProgram.transfer({
      fromPubkey: transfer.payer,
      toPubkey: transfer.recipient,
      lamports: transfer.amount,
    });
    pay.keys.push({ pubkey: transfer.reference, isSigner: false, isWritable: false });
    return [pay, memo];
  }
  if (!tokenProgram) throw new Error("an SPL transfer needs its mint's token program");
  const { source, destination } = tokenAccountsOf({ ...transfer, mint }, tokenProgram);
  // Rent for a new account goes to whoever funds it, and back to its owner when closed: the service
  // funds a merchant's account once (recorded by the gateway); after that the buyer does.
  const funder = transfer.rentPayer === "buyer" ? transfer.payer : feePayer;
  const createDestination = createAssociatedTokenAccountIdempotentInstruction(
    funder,
    destination,
    transfer.recipient,
    mint,
    tokenProgram,
  );
  const pay = createTransferCheckedInstruction(
    source,
    mint,
    destination,
    transfer.payer,
    transfer.amount,
    transfer.decimals,
    [],
    tokenProgram,
  );
  pay.keys.push({ pubkey: transfer.reference, isSigner: false, isWritable: false });
  return [createDestination, pay, memo];
}
