import { address } from "@solana/kit";
import type { LiteSVM } from "litesvm";
import { isTokenProgram, parseMint, parseTokenAccount, uiTokenAmount, type UiTokenAmount } from "./token-layout";

/** One entry of meta.preTokenBalances / postTokenBalances. */
export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: UiTokenAmount;
}

export interface BalanceSnapshot {
  lamports: bigint[];
  tokens: TokenBalance[];
}

export function mintDecimals(svm: LiteSVM, mint: string): number | null {
  const account = svm.getAccount(address(mint));
  return account.exists ? (parseMint(account.data)?.decimals ?? null) : null;
}

/**
 * Lamports and token balances of every account of a transaction, taken just before and just after
 * it runs: LiteSVM's metadata has neither, and payment verification reads exactly these fields.
 */
export function snapshotBalances(svm: LiteSVM, keys: string[]): BalanceSnapshot {
  const lamports: bigint[] = [];
  const tokens: TokenBalance[] = [];
  keys.forEach((key, accountIndex) => {
    const account = svm.getAccount(address(key));
    lamports.push(account.exists ? account.lamports : 0n);
    if (!account.exists || !isTokenProgram(account.programAddress)) return;
    const state = parseTokenAccount(account.data);
    if (!state) return;
    const decimals = mintDecimals(svm, state.mint) ?? 0;
    tokens.push({
      accountIndex,
      mint: state.mint,
      owner: state.owner,
      programId: account.programAddress,
      uiTokenAmount: uiTokenAmount(state.amount, decimals),
    });
  });
  return { lamports, tokens };
}
