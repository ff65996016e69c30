import { getBase58Decoder, type ReadonlyUint8Array } from "@solana/kit";

// Account data from LiteSVM/kit is read-only; nothing here writes to it.
type Bytes = ReadonlyUint8Array;

export const TOKEN_PROGRAM_ID = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022_PROGRAM_ID = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
export const isTokenProgram = (owner: string) => owner === TOKEN_PROGRAM_ID || owner === TOKEN_2022_PROGRAM_ID;

// Classic SPL Token layouts. Token-2022 uses the same prefix and, when it has extensions, marks the
// kind of account in the byte right after the 165-byte account size.
const ACCOUNT_SIZE = 165;
const MINT_SIZE = 82;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

export interface TokenAccountState {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: "uninitialized" | "initialized" | "frozen";
  isNative: boolean;
  delegatedAmount: bigint;
  closeAuthority: string | null;
}

export interface MintState {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
}

const base58 = getBase58Decoder();
const view = (data: Bytes) => new DataView(data.buffer, data.byteOffset, data.byteLength);
const key = (data: Bytes, at: number) => base58.decode(data.subarray(at, at + 32));
// COption<T> is a little-endian u32 tag (0 = None, 1 = Some) followed by the value.
const optionalKey = (data: Bytes, at: number) => (view(data).getUint32(at, true) === 1 ? key(data, at + 4) : null);

export function parseTokenAccount(data: Bytes): TokenAccountState | null {
  const isAccount =
    data.length === ACCOUNT_SIZE || (data.length > ACCOUNT_SIZE && data[ACCOUNT_SIZE] === ACCOUNT_TYPE_ACCOUNT);
  if (!isAccount) return null;
  const stateByte = data[108];
  if (stateByte === 0 || stateByte === undefined) return null; // uninitialized: not a usable token account
  const dv = view(data);
  return {
    mint: key(data, 0),
    owner: key(data, 32),
    amount: dv.getBigUint64(64, true),
    delegate: optionalKey(data, 72),
    state: stateByte === 2 ? "frozen" : "initialized",
    isNative: dv.getUint32(109, true) === 1,
    delegatedAmount: dv.getBigUint64(121, true),
    closeAuthority: optionalKey(data, 129),
  };
}

export function parseMint(data: Bytes): MintState | null {
  const isMint = data.length === MINT_SIZE || (data.length > ACCOUNT_SIZE && data[ACCOUNT_SIZE] === ACCOUNT_TYPE_MINT);
  if (!isMint || data[45] !== 1) return null;
  return {
    mintAuthority: optionalKey(data, 0),
    supply: view(data).getBigUint64(36, true),
    decimals: data[44] as number,
    isInitialized: true,
    freezeAuthority: optionalKey(data, 46),
  };
}

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

/** The RPC's uiTokenAmount: exact base units as a string, plus a decimal rendering without trailing zeros. */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const unit = 10n ** BigInt(decimals);
  const fraction = (amount % unit).toString().padStart(decimals, "0").replace(/0+$/, "");
  const uiAmountString = fraction ? `${amount / unit}.${fraction}` : `${amount / unit}`;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}
