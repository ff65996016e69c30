import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { decodeBase58 } from "./base58";

/*
 * web3.js 1.x's legacy `Transaction.serializeMessage()`, without its cost: its compileMessage encodes keys to
 * base-58 inside the sort comparator and inside a findIndex per key (quadratic), ~1.5 ms of CPU per Solana
 * payment on every build and every confirm (~3% of an instance under load). Here each distinct key is encoded
 * once. Confirm compares a stored build byte for byte, so this must stay byte-identical to web3.js for every
 * input (tests/unit/compile-legacy-message.test.ts checks it against the installed web3.js): the same steps in
 * the same order.
 */

/** The options object web3.js passes to `localeCompare(other, "en", options)`; a Collator is that comparison. */
const collator = new Intl.Collator("en", {
  localeMatcher: "best fit",
  usage: "sort",
  sensitivity: "variant",
  ignorePunctuation: false,
  numeric: false,
  caseFirst: "lower",
});

/**
 * Past what a transaction can carry, refuse: web3.js throws or truncates there, and a key index past 255 would
 * wrap here. No build of ours comes near (about 500 bytes).
 */
const PACKET_DATA_SIZE = 1232;

type Meta = { bytes: Buffer; base58: string; isSigner: boolean; isWritable: boolean };

function pushLength(out: number[], length: number) {
  let rest = length;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) return void out.push(low);
    out.push(low | 0x80);
  }
}

/** The serialized legacy message of these instructions, fee payer and recent blockhash (base-58). */
export function compileLegacyMessage(
  feePayer: PublicKey,
  instructions: TransactionInstruction[],
  blockhash: string,
): Buffer {
  // Instruction keys in order, then each program id as a read-only non-signer; a repeat merges its flags
  // into the first occurrence, which keeps its place (web3.js culls before it sorts).
  const metas = new Map<string, Meta>();
  const add = (key: PublicKey, isSigner: boolean, isWritable: boolean) => {
    const bytes = key.toBuffer();
    const id = bytes.toString("hex");
    const meta = metas.get(id);
    if (!meta) return void metas.set(id, { bytes, base58: key.toBase58(), isSigner, isWritable });
    meta.isWritable = meta.isWritable || isWritable;
    meta.isSigner = meta.isSigner || isSigner;
  };
  for (const instruction of instructions) for (const k of instruction.keys) add(k.pubkey, k.isSigner, k.isWritable);
  for (const instruction of instructions) add(instruction.programId, false, false);

  const sorted = [...metas.values()].sort((x, y) => {
    if (x.isSigner !== y.isSigner) return x.isSigner ? -1 : 1;
    if (x.isWritable !== y.isWritable) return x.isWritable ? -1 : 1;
    return collator.compare(x.base58, y.base58);
  });
  const payerBytes = feePayer.toBuffer();
  const payerIndex = sorted.findIndex((meta) => meta.bytes.equals(payerBytes));
  const payer = payerIndex > -1 ? sorted.splice(payerIndex, 1)[0]! : { bytes: payerBytes, base58: "" };
  const keys = [{ ...payer, isSigner: true, isWritable: true }, ...sorted];
  // Signers first: already so after the sort, but it is web3.js's step, so it stays.
  const ordered = [...keys.filter((meta) => meta.isSigner), ...keys.filter((meta) => !meta.isSigner)];
  const indexOf = new Map(ordered.map((meta, index) => [meta.bytes.toString("hex"), index]));
  const index = (key: PublicKey) => indexOf.get(key.toBuffer().toString("hex"))!;

  const recentBlockhash = decodeBase58(blockhash);
  if (recentBlockhash?.length !== 32) throw new Error(`not a blockhash: ${blockhash}`);
  const head: number[] = [
    ordered.filter((meta) => meta.isSigner).length,
    ordered.filter((meta) => meta.isSigner && !meta.isWritable).length,
    ordered.filter((meta) => !meta.isSigner && !meta.isWritable).length,
  ];
  pushLength(head, ordered.length);
  const body: number[] = [];
  pushLength(body, instructions.length);
  for (const instruction of instructions) {
    body.push(index(instruction.programId));
    pushLength(body, instruction.keys.length);
    for (const k of instruction.keys) body.push(index(k.pubkey));
    pushLength(body, instruction.data.length);
    for (const byte of instruction.data) body.push(byte);
  }
  const message = Buffer.concat([
    Buffer.from(head),
    ...ordered.map((meta) => meta.bytes),
    recentBlockhash,
    Buffer.from(body),
  ]);
  if (message.length > PACKET_DATA_SIZE) throw new Error(`a ${message.length}-byte message fits no transaction`);
  return message;
}
