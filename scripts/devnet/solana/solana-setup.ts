import { address, lamports } from "@solana/kit";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToCheckedInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
} from "@solana/spl-token";
import {
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
} from "@solana/web3.js";
import type { SolanaLedger } from "./ledger";
import { devnetKeypair } from "./solana-keys";

export const USDC_DECIMALS = 6;
export const BUYER_SOL = 1_000n * BigInt(LAMPORTS_PER_SOL);
export const BUYER_USDC = 1_000_000n * 10n ** BigInt(USDC_DECIMALS);
const FAUCET_LAMPORTS = 1_000_000_000n * BigInt(LAMPORTS_PER_SOL);
const MEMO_PROGRAM = new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");

export interface SolanaActors {
  faucet: Keypair;
  feePayer: Keypair;
  buyers: Keypair[];
  merchant: Keypair;
  mint: Keypair;
  mintAuthority: Keypair;
}

export function solanaActors(buyerCount: number): SolanaActors {
  return {
    faucet: devnetKeypair("faucet"),
    feePayer: devnetKeypair("fee-payer"),
    buyers: Array.from({ length: buyerCount }, (_, i) => devnetKeypair(`buyer-${i}`)),
    merchant: devnetKeypair("merchant"),
    mint: devnetKeypair("usdc-mint"),
    mintAuthority: devnetKeypair("usdc-mint-authority"),
  };
}

/** Signs and lands a transaction through the same path as sendTransaction, so setup shows in history. */
function land(ledger: SolanaLedger, signers: Keypair[], ...instructions: TransactionInstruction[]): string {
  const tx = new Transaction({ feePayer: signers[0]?.publicKey, recentBlockhash: ledger.clock.latestBlockhash });
  tx.add(...instructions).sign(...signers);
  return ledger.submit(tx.serialize(), true);
}

/**
 * Funds the actors and creates the USDC mint and token accounts with ordinary transactions (only
 * the faucet's own balance is written directly). Returns the faucet used by requestAirdrop.
 */
export function setUpSolana(ledger: SolanaLedger, actors: SolanaActors): (to: string, amount: bigint) => string {
  const { faucet, feePayer, buyers, merchant, mint, mintAuthority } = actors;
  ledger.svm.setAccount({
    address: address(faucet.publicKey.toBase58()),
    lamports: lamports(FAUCET_LAMPORTS),
    programAddress: address(SystemProgram.programId.toBase58()),
    data: new Uint8Array(0),
    executable: false,
    space: 0n,
  });
  const pay = (to: PublicKey, amount: bigint) =>
    SystemProgram.transfer({ fromPubkey: faucet.publicKey, toPubkey: to, lamports: amount });
  land(ledger, [faucet], pay(feePayer.publicKey, BUYER_SOL), ...buyers.map((b) => pay(b.publicKey, BUYER_SOL)));

  const rent = ledger.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE));
  land(
    ledger,
    [faucet, mint],
    SystemProgram.createAccount({
      fromPubkey: faucet.publicKey,
      newAccountPubkey: mint.publicKey,
      lamports: Number(rent),
      space: MINT_SIZE,
      programId: TOKEN_PROGRAM_ID,
    }),
    createInitializeMint2Instruction(mint.publicKey, USDC_DECIMALS, mintAuthority.publicKey, null),
  );
  const owners = [...buyers, merchant].map((k) => k.publicKey);
  land(
    ledger,
    [faucet],
    ...owners.map((owner) =>
      createAssociatedTokenAccountIdempotentInstruction(
        faucet.publicKey,
        ata(mint.publicKey, owner),
        owner,
        mint.publicKey,
      ),
    ),
  );
  // The faucet pays the fee, so the mint authority needs no SOL of its own.
  land(
    ledger,
    [faucet, mintAuthority],
    ...buyers.map((b) =>
      createMintToCheckedInstruction(
        mint.publicKey,
        ata(mint.publicKey, b.publicKey),
        mintAuthority.publicKey,
        BUYER_USDC,
        USDC_DECIMALS,
      ),
    ),
  );

  let airdrops = 0;
  // The memo makes repeated identical airdrops in one slot distinct transactions (distinct signatures).
  return (to, amount) =>
    land(
      ledger,
      [faucet],
      pay(new PublicKey(to), amount),
      new TransactionInstruction({
        programId: MEMO_PROGRAM,
        keys: [],
        data: Buffer.from(`devnet airdrop ${++airdrops}`),
      }),
    );
}

export const ata = (mint: PublicKey, owner: PublicKey) => getAssociatedTokenAddressSync(mint, owner);
