/**
 * The wire form of a transaction nobody has signed yet, from its message: a compact-u16 count of the
 * signatures the message requires, that many zeroed 64-byte slots, then the message. Byte for byte
 * what web3.js serialises for an unsigned Transaction, so a build stored as its message alone can be
 * handed to a wallet again, identical, for as long as it is offered.
 */
export function unsignedTransactionOf(message: Uint8Array): Buffer {
  const signers = message[0];
  // A legacy message starts with its number of required signatures; a versioned one sets the top bit.
  if (signers === undefined || signers === 0 || signers & 0x80) throw new Error("not a legacy Solana message");
  return Buffer.concat([Buffer.from([signers]), Buffer.alloc(64 * signers), message]);
}
