import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { Connection, PublicKey } from "@solana/web3.js";
import { ChainVerificationError } from "@/lib/chains/chain-adapter";
import { solanaRpc } from "./solana-connection";

// A mint never changes owner program, so one lookup per node and mint is enough.
// The lookup itself is kept (not its result), so concurrent first uses share one RPC call.
const programs = new Map<string, Promise<PublicKey>>();

/** The token program (SPL Token or Token-2022) that owns the mint; refuses a mint that is neither. */
export function tokenProgramOf(connection: Connection, mint: PublicKey): Promise<PublicKey> {
  const key = `${connection.rpcEndpoint} ${mint.toBase58()}`;
  let program = programs.get(key);
  if (!program) {
    program = lookUp(connection, mint);
    programs.set(key, program);
    program.catch(() => programs.delete(key)); // a node that failed is asked again next time
  }
  return program;
}

async function lookUp(connection: Connection, mint: PublicKey): Promise<PublicKey> {
  const account = await solanaRpc("getAccountInfo(mint)", () => connection.getAccountInfo(mint));
  if (!account) throw new ChainVerificationError(`token mint ${mint.toBase58()} does not exist on this network`);
  const owner = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].find((program) => program.equals(account.owner));
  if (!owner)
    throw new ChainVerificationError(`${mint.toBase58()} is not a token mint (owner ${account.owner.toBase58()})`);
  return owner;
}
