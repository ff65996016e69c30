import { getBase58Decoder } from "@solana/kit";

/** A legacy or v0 transaction as it travels on the wire, with keys and hashes already in base58. */
export interface WireTransaction {
  signatures: string[];
  /** Exact bytes that were signed: what getFeeForMessage and sigverify see. */
  messageBytes: Uint8Array;
  version: "legacy" | 0;
  header: { numRequiredSignatures: number; numReadonlySignedAccounts: number; numReadonlyUnsignedAccounts: number };
  staticKeys: string[];
  recentBlockhash: string;
  instructions: { programIdIndex: number; accounts: number[]; data: Uint8Array }[];
  addressTableLookups: { accountKey: string; writableIndexes: number[]; readonlyIndexes: number[] }[];
}

const base58 = getBase58Decoder();

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}
  u8(): number {
    if (this.offset >= this.bytes.length) throw new Error("transaction is truncated");
    return this.bytes[this.offset++] as number;
  }
  compactU16(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.u8();
      value |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error("bad compact-u16");
  }
  take(n: number): Uint8Array {
    if (this.offset + n > this.bytes.length) throw new Error("transaction is truncated");
    this.offset += n;
    return this.bytes.slice(this.offset - n, this.offset);
  }
  key(): string {
    return base58.decode(this.take(32));
  }
  atEnd(): boolean {
    return this.offset === this.bytes.length;
  }
}

export type WireMessage = Omit<WireTransaction, "signatures" | "messageBytes">;

/**
 * Parses the Solana wire format by hand (compact-u16 lengths, optional version prefix). Doing it
 * here keeps the RPC layer on plain data instead of three libraries' transaction classes.
 * Throws on anything malformed; callers turn that into a JSON-RPC "invalid params" error.
 */
export function parseWireTransaction(bytes: Uint8Array): WireTransaction {
  const reader = new Reader(bytes);
  const signatures = Array.from({ length: reader.compactU16() }, () => base58.decode(reader.take(64)));
  const messageBytes = bytes.slice(reader.offset);
  const message = parseMessage(messageBytes);
  if (signatures.length !== message.header.numRequiredSignatures) {
    throw new Error("signature count does not match the message header");
  }
  return { signatures, messageBytes, ...message };
}

export function parseMessage(bytes: Uint8Array): WireMessage {
  const reader = new Reader(bytes);
  let version: "legacy" | 0 = "legacy";
  const first = bytes[0];
  if (first !== undefined && first & 0x80) {
    reader.u8();
    if ((first & 0x7f) !== 0) throw new Error(`unsupported transaction version ${first & 0x7f}`);
    version = 0;
  }
  const header = {
    numRequiredSignatures: reader.u8(),
    numReadonlySignedAccounts: reader.u8(),
    numReadonlyUnsignedAccounts: reader.u8(),
  };
  const staticKeys = Array.from({ length: reader.compactU16() }, () => reader.key());
  const recentBlockhash = reader.key();
  const instructions = Array.from({ length: reader.compactU16() }, () => ({
    programIdIndex: reader.u8(),
    accounts: Array.from(reader.take(reader.compactU16())),
    data: reader.take(reader.compactU16()),
  }));
  const addressTableLookups =
    version === 0
      ? Array.from({ length: reader.compactU16() }, () => ({
          accountKey: reader.key(),
          writableIndexes: Array.from(reader.take(reader.compactU16())),
          readonlyIndexes: Array.from(reader.take(reader.compactU16())),
        }))
      : [];
  if (!reader.atEnd()) throw new Error("trailing bytes after the message");
  return { version, header, staticKeys, recentBlockhash, instructions, addressTableLookups };
}

/** Whether account i of a message (static keys first, then loaded writable, then loaded readonly) is writable. */
export function isWritable(tx: WireMessage, index: number, loadedWritableCount: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = tx.header;
  const staticCount = tx.staticKeys.length;
  if (index >= staticCount) return index - staticCount < loadedWritableCount;
  if (index < numRequiredSignatures) return index < numRequiredSignatures - numReadonlySignedAccounts;
  return index < staticCount - numReadonlyUnsignedAccounts;
}
