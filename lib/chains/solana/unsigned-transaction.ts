import { joinWireTransaction } from "./split-wire-transaction";

/** One zeroed 64-byte slot per signature a legacy message requires (its first byte says how many). */
export function emptySignatureSlots(message: Uint8Array): Uint8Array[] {
  const signers = message[0];
  // A legacy message starts with its number of required signatures; a versioned one sets the top bit.
  if (signers === undefined || signers === 0 || signers & 0x80) throw new Error("not a legacy Solana message");
  return Array.from({ length: signers }, () => new Uint8Array(64));
}

/**
 * The wire form of a transaction nobody has signed yet, from its message: a compact-u16 count of the
 * signatures the message requires, that many zeroed 64-byte slots, then the message. Byte for byte
 * what web3.js serialises for an unsigned Transaction, so a build stored as its message alone can be
 * handed to a wallet again, identical, for as long as it is offered.
 */
export function unsignedTransactionOf(message: Uint8Array): Buffer {
  return Buffer.from(joinWireTransaction({ signatures: emptySignatureSlots(message), message }));
}
