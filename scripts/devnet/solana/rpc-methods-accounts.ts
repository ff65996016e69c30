import { address } from "@solana/kit";
import { encodeAccount, matchesFilters, type AccountOptions, type ProgramAccountFilter } from "./account-encoding";
import { mintDecimals } from "./balance-snapshot";
import { addressParam, configParam, withContext, type RpcContext, type RpcHandler } from "./rpc-context";
import { invalidParams } from "./rpc-error";
import {
  isTokenProgram,
  parseMint,
  parseTokenAccount,
  TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  uiTokenAmount,
} from "./token-layout";

const MAX_AIRDROP_LAMPORTS = 1_000_000n * 1_000_000_000n; // generous: this faucet never runs dry

function accountValue(ctx: RpcContext, key: string, opts: AccountOptions) {
  const account = ctx.ledger.svm.getAccount(address(key));
  return account.exists ? encodeAccount(ctx.ledger.svm, account, opts) : null;
}

function programAccounts(
  ctx: RpcContext,
  programId: string,
  opts: AccountOptions & { filters?: ProgramAccountFilter[] },
) {
  return ctx.ledger.svm
    .getProgramAccounts(address(programId))
    .filter((account) => matchesFilters(account, opts.filters))
    .map((account) => ({ pubkey: account.address, account: encodeAccount(ctx.ledger.svm, account, opts) }));
}

function tokenAccountsBy(field: "owner" | "delegate"): RpcHandler {
  return (p, ctx) => {
    const who = addressParam(p, 0);
    const selector = configParam<{ mint: string; programId: string }>(p, 1);
    const opts = configParam<AccountOptions>(p, 2);
    // owner sits at byte 32 of a token account, the delegate's pubkey at 76 (after its option tag).
    const filters: ProgramAccountFilter[] = [{ memcmp: { offset: field === "owner" ? 32 : 76, bytes: who } }];
    if (selector.mint) filters.push({ memcmp: { offset: 0, bytes: selector.mint } });
    const programs = selector.programId ? [selector.programId] : [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID];
    if (!selector.mint && !selector.programId) throw invalidParams("Invalid param: expected {mint} or {programId}");
    if (programs.some((id) => !isTokenProgram(id))) throw invalidParams("Invalid param: unrecognized Token program id");
    const found = programs.flatMap((id) => programAccounts(ctx, id, { ...opts, filters }));
    return withContext(
      ctx,
      found.filter(({ account }) => account.space >= 165),
    );
  };
}

/** Account, token and faucet methods. */
export const accountMethods: Record<string, RpcHandler> = {
  getBalance: (p, ctx) => withContext(ctx, Number(ctx.ledger.svm.getBalance(addressParam(p, 0)) ?? 0n)),
  getAccountInfo: (p, ctx) =>
    withContext(ctx, accountValue(ctx, addressParam(p, 0), configParam<AccountOptions>(p, 1))),
  getMultipleAccounts: (p, ctx) => {
    const keys = p[0];
    if (!Array.isArray(keys) || keys.length > 100) throw invalidParams("Invalid param: expected up to 100 public keys");
    const opts = configParam<AccountOptions>(p, 1);
    return withContext(
      ctx,
      keys.map((_, i) => accountValue(ctx, addressParam(keys, i), opts)),
    );
  },
  getProgramAccounts: (p, ctx) => {
    const opts = configParam<AccountOptions & { filters: ProgramAccountFilter[]; withContext: boolean }>(p, 1);
    const found = programAccounts(ctx, addressParam(p, 0), opts);
    return opts.withContext ? withContext(ctx, found) : found;
  },
  getTokenAccountBalance: (p, ctx) => {
    const account = ctx.ledger.svm.getAccount(addressParam(p, 0));
    const state = account.exists && isTokenProgram(account.programAddress) ? parseTokenAccount(account.data) : null;
    if (!state) throw invalidParams("Invalid param: not a Token account");
    return withContext(ctx, uiTokenAmount(state.amount, mintDecimals(ctx.ledger.svm, state.mint) ?? 0));
  },
  getTokenSupply: (p, ctx) => {
    const account = ctx.ledger.svm.getAccount(addressParam(p, 0));
    const mint = account.exists && isTokenProgram(account.programAddress) ? parseMint(account.data) : null;
    if (!mint) throw invalidParams("Invalid param: not a Token mint");
    return withContext(ctx, uiTokenAmount(mint.supply, mint.decimals));
  },
  getTokenAccountsByOwner: tokenAccountsBy("owner"),
  getTokenAccountsByDelegate: tokenAccountsBy("delegate"),
  requestAirdrop: (p, ctx) => {
    const to = addressParam(p, 0);
    const lamports = p[1];
    if (
      typeof lamports !== "number" ||
      !Number.isSafeInteger(lamports) ||
      lamports <= 0 ||
      BigInt(lamports) > MAX_AIRDROP_LAMPORTS
    ) {
      throw invalidParams("Invalid param: lamports must be a positive integer up to 1,000,000 SOL");
    }
    return ctx.airdrop(to, BigInt(lamports));
  },
};
