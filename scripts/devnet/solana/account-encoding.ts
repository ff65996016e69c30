import { getBase58Decoder, getBase58Encoder, type EncodedAccount } from "@solana/kit";
import type { LiteSVM } from "litesvm";
import { mintDecimals } from "./balance-snapshot";
import { invalidParams } from "./rpc-error";
import { isTokenProgram, parseMint, parseTokenAccount, TOKEN_2022_PROGRAM_ID, uiTokenAmount } from "./token-layout";

export interface AccountOptions {
  encoding?: string;
  dataSlice?: { offset: number; length: number };
}

/** An account value in the RPC's shape, for getAccountInfo, getMultipleAccounts, getProgramAccounts... */
export function encodeAccount(svm: LiteSVM, account: EncodedAccount, opts: AccountOptions = {}) {
  const encoding = opts.encoding ?? "base58"; // the node's default, though every client asks for base64
  const base = {
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.programAddress,
    rentEpoch: 0,
    space: account.data.length,
  };
  if (encoding === "jsonParsed") {
    const parsed = parseAccountData(svm, account);
    // Like a node: accounts it cannot parse fall back to base64.
    if (parsed) return { ...base, data: parsed };
    return { ...base, data: [Buffer.from(account.data).toString("base64"), "base64"] };
  }
  let data = account.data;
  if (opts.dataSlice) data = data.subarray(opts.dataSlice.offset, opts.dataSlice.offset + opts.dataSlice.length);
  if (encoding === "base64") return { ...base, data: [Buffer.from(data).toString("base64"), "base64"] };
  if (encoding === "base58") {
    if (data.length > 128)
      throw invalidParams("Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.");
    return { ...base, data: [getBase58Decoder().decode(data), "base58"] };
  }
  throw invalidParams(`unsupported encoding on the devnet: ${encoding}`);
}

function parseAccountData(svm: LiteSVM, account: EncodedAccount) {
  if (!isTokenProgram(account.programAddress)) return null;
  const program = account.programAddress === TOKEN_2022_PROGRAM_ID ? "spl-token-2022" : "spl-token";
  const space = account.data.length;
  const tokenAccount = parseTokenAccount(account.data);
  if (tokenAccount) {
    const decimals = mintDecimals(svm, tokenAccount.mint) ?? 0;
    const info: Record<string, unknown> = {
      isNative: tokenAccount.isNative,
      mint: tokenAccount.mint,
      owner: tokenAccount.owner,
      state: tokenAccount.state,
      tokenAmount: uiTokenAmount(tokenAccount.amount, decimals),
    };
    if (tokenAccount.delegate) {
      info.delegate = tokenAccount.delegate;
      info.delegatedAmount = uiTokenAmount(tokenAccount.delegatedAmount, decimals);
    }
    if (tokenAccount.closeAuthority) info.closeAuthority = tokenAccount.closeAuthority;
    return { program, parsed: { info, type: "account" }, space };
  }
  const mint = parseMint(account.data);
  if (mint) {
    const info = { ...mint, supply: mint.supply.toString() };
    return { program, parsed: { info, type: "mint" }, space };
  }
  return null;
}

export type ProgramAccountFilter = { dataSize?: number; memcmp?: { offset: number; bytes: string; encoding?: string } };

/** getProgramAccounts / getTokenAccountsBy* filters: dataSize and memcmp (base58 or base64 bytes). */
export function matchesFilters(account: EncodedAccount, filters: ProgramAccountFilter[] = []): boolean {
  return filters.every((filter) => {
    if (filter.dataSize !== undefined) return account.data.length === filter.dataSize;
    if (filter.memcmp) {
      const { offset, bytes, encoding } = filter.memcmp;
      const wanted = encoding === "base64" ? Buffer.from(bytes, "base64") : getBase58Encoder().encode(bytes);
      const actual = account.data.subarray(offset, offset + wanted.length);
      return actual.length === wanted.length && actual.every((byte, i) => byte === wanted[i]);
    }
    return true;
  });
}
