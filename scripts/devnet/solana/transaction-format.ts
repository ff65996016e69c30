import { getBase58Decoder } from "@solana/kit";
import { memoSummary, MEMO_PROGRAM_IDS, parseInstruction } from "./instruction-parser";
import { invalidParams, RpcError, RPC_UNSUPPORTED_TX_VERSION } from "./rpc-error";
import type { TxRecord } from "./transaction-store";
import { isWritable } from "./wire-format";

const base58 = getBase58Decoder();

/** getTransaction's result, in the encodings web3.js 1.x asks for (json, jsonParsed) plus base64/base58. */
export function formatTransaction(record: TxRecord, encoding: string, maxSupportedVersion: number | undefined) {
  const { tx } = record;
  if (tx.version === 0 && maxSupportedVersion === undefined) {
    throw new RpcError(
      RPC_UNSUPPORTED_TX_VERSION,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  }
  const parsed = encoding === "jsonParsed";
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    // A node only reports the version to clients that said which versions they understand.
    ...(maxSupportedVersion !== undefined ? { version: tx.version } : {}),
    transaction: encodeTransaction(record, encoding),
    meta: formatMeta(record, parsed),
  };
}

function encodeTransaction(record: TxRecord, encoding: string) {
  const { tx } = record;
  if (encoding === "base64") return [Buffer.from(record.wire).toString("base64"), "base64"];
  if (encoding === "base58") return [base58.decode(record.wire), "base58"];
  const lookups = tx.addressTableLookups;
  const v0Only = tx.version === 0 ? { addressTableLookups: lookups } : {};
  if (encoding === "json") {
    const instructions = tx.instructions.map((ix) => ({
      programIdIndex: ix.programIdIndex,
      accounts: ix.accounts,
      data: base58.decode(ix.data),
      stackHeight: null,
    }));
    const message = {
      header: tx.header,
      accountKeys: tx.staticKeys,
      recentBlockhash: tx.recentBlockhash,
      instructions,
      ...v0Only,
    };
    return { signatures: tx.signatures, message };
  }
  if (encoding === "jsonParsed") {
    const writableLoaded = record.loaded.writable.length;
    const accountKeys = record.accountKeys.map((pubkey, i) => ({
      pubkey,
      signer: i < tx.header.numRequiredSignatures,
      writable: isWritable(tx, i, writableLoaded),
      source: i < tx.staticKeys.length ? "transaction" : "lookupTable",
    }));
    const instructions = tx.instructions.map((ix) => parseCompiled(record, ix, null));
    return {
      signatures: tx.signatures,
      message: { accountKeys, recentBlockhash: tx.recentBlockhash, instructions, ...v0Only },
    };
  }
  throw invalidParams(`unsupported encoding: ${encoding}`);
}

function parseCompiled(
  record: TxRecord,
  ix: { programIdIndex: number; accounts: number[]; data: Uint8Array },
  stackHeight: number | null,
) {
  const key = (i: number) => record.accountKeys[i] ?? "";
  return parseInstruction({
    programId: key(ix.programIdIndex),
    accounts: ix.accounts.map(key),
    data: ix.data,
    stackHeight,
  });
}

function formatMeta(record: TxRecord, parsed: boolean) {
  const innerInstructions = record.innerInstructions.map((group) => ({
    index: group.index,
    instructions: group.instructions.map((ix) =>
      parsed
        ? parseCompiled(record, ix, ix.stackHeight)
        : {
            programIdIndex: ix.programIdIndex,
            accounts: ix.accounts,
            data: base58.decode(ix.data),
            stackHeight: ix.stackHeight,
          },
    ),
  }));
  const returnData = record.returnData
    ? {
        programId: record.returnData.programId,
        data: [Buffer.from(record.returnData.data).toString("base64"), "base64"],
      }
    : null;
  return {
    err: record.err,
    status: record.err ? { Err: record.err } : { Ok: null },
    fee: Number(record.fee),
    preBalances: record.pre.lamports.map(Number),
    postBalances: record.post.lamports.map(Number),
    innerInstructions,
    logMessages: record.logs,
    preTokenBalances: record.pre.tokens,
    postTokenBalances: record.post.tokens,
    rewards: [],
    loadedAddresses: record.loaded,
    computeUnitsConsumed: Number(record.unitsConsumed),
    ...(returnData ? { returnData } : {}),
  };
}

/** The memo field of getSignaturesForAddress for one transaction. */
export function transactionMemo(record: TxRecord): string | null {
  const memos = record.tx.instructions
    .filter((ix) => MEMO_PROGRAM_IDS.includes(record.accountKeys[ix.programIdIndex] ?? ""))
    .map((ix) => ix.data);
  return memoSummary(memos);
}
