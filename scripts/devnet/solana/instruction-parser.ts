import { getBase58Decoder } from "@solana/kit";
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, uiTokenAmount } from "./token-layout";

export const MEMO_PROGRAM_IDS = [
  "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr",
  "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo",
];
const SYSTEM_PROGRAM_ID = "11111111111111111111111111111111";
const ATA_PROGRAM_ID = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";

type Parsed = { program: string; programId: string; parsed: unknown; stackHeight: number | null };
type PartiallyDecoded = { programId: string; accounts: string[]; data: string; stackHeight: number | null };

/**
 * jsonParsed form of one instruction for getParsedTransaction: the instructions a payment uses
 * (system and token transfers, ATA creation, memo) are parsed like a node does; any other one is
 * "partially decoded" (program, account keys, base58 data), which is also what a node does.
 */
export function parseInstruction({
  programId,
  accounts,
  data,
  stackHeight,
}: {
  programId: string;
  accounts: string[];
  data: Uint8Array;
  stackHeight: number | null;
}): Parsed | PartiallyDecoded {
  const parsed = parseKnown(programId, accounts, data);
  if (parsed) return { ...parsed, programId, stackHeight };
  return { programId, accounts, data: getBase58Decoder().decode(data), stackHeight };
}

function parseKnown(programId: string, a: string[], data: Uint8Array): { program: string; parsed: unknown } | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u64 = (at: number) => (data.length >= at + 8 ? view.getBigUint64(at, true) : null);
  if (MEMO_PROGRAM_IDS.includes(programId)) {
    return { program: "spl-memo", parsed: new TextDecoder().decode(data) };
  }
  if (programId === SYSTEM_PROGRAM_ID && data.length >= 4) {
    const kind = view.getUint32(0, true);
    if (kind === 2 && u64(4) !== null) {
      return {
        program: "system",
        parsed: { type: "transfer", info: { source: a[0], destination: a[1], lamports: Number(u64(4)) } },
      };
    }
    if (kind === 0 && data.length >= 52) {
      const info = {
        source: a[0],
        newAccount: a[1],
        lamports: Number(u64(4)),
        space: Number(u64(12)),
        owner: getBase58Decoder().decode(data.subarray(20, 52)),
      };
      return { program: "system", parsed: { type: "createAccount", info } };
    }
    return null;
  }
  if (programId === ATA_PROGRAM_ID) {
    const type = data[0] === 1 ? "createIdempotent" : data.length === 0 || data[0] === 0 ? "create" : null;
    if (!type) return null;
    const info = { source: a[0], account: a[1], wallet: a[2], mint: a[3], systemProgram: a[4], tokenProgram: a[5] };
    return { program: "spl-associated-token-account", parsed: { type, info } };
  }
  if (programId === TOKEN_PROGRAM_ID || programId === TOKEN_2022_PROGRAM_ID) {
    const program = programId === TOKEN_PROGRAM_ID ? "spl-token" : "spl-token-2022";
    const amount = u64(1);
    if (amount === null) return null;
    // Multisig authorities are left as the first signer; payments use single-key authorities.
    switch (data[0]) {
      case 3:
        return {
          program,
          parsed: {
            type: "transfer",
            info: { source: a[0], destination: a[1], authority: a[2], amount: amount.toString() },
          },
        };
      case 12: {
        const info = {
          source: a[0],
          mint: a[1],
          destination: a[2],
          authority: a[3],
          tokenAmount: uiTokenAmount(amount, data[9] ?? 0),
        };
        return { program, parsed: { type: "transferChecked", info } };
      }
      case 7:
        return {
          program,
          parsed: {
            type: "mintTo",
            info: { mint: a[0], account: a[1], mintAuthority: a[2], amount: amount.toString() },
          },
        };
      case 14: {
        const info = {
          mint: a[0],
          account: a[1],
          mintAuthority: a[2],
          tokenAmount: uiTokenAmount(amount, data[9] ?? 0),
        };
        return { program, parsed: { type: "mintToChecked", info } };
      }
    }
  }
  return null;
}

/** getSignaturesForAddress's memo field: "[<byte length>] <text>", several joined by "; ". */
export function memoSummary(memos: Uint8Array[]): string | null {
  if (memos.length === 0) return null;
  return memos.map((bytes) => `[${bytes.length}] ${new TextDecoder().decode(bytes)}`).join("; ");
}
