import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { Connection, PublicKey } from "@solana/web3.js";
import { ChainVerificationError } from "@/lib/chains/chain-adapter";
import { solanaRpc } from "./solana-connection";

// A mint never changes owner program, so one lookup per node and mint is enough.
const programs = new Map<string, PublicKey>();

/** The token program (SPL Token or Token-2022) that owns the mint; refuses a mint that is neither. */
export async function tokenProgramOf(connection: Connection, mint: PublicKey): Promise<PublicKey> {
  const key = `${connection.rpcEndpoint} ${mint.toBase58()}`;
  const cached = programs.get(key);
  if (cached) return cached;
  const account = await solanaRpc("getAccountInfo(mint)", () => connection.getAccountInfo(mint));
  if (!account) throw new ChainVerificationError(`token mint ${mint.toBase58()} does not exist on this network`);
  const owner = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].find((program) => program.equals(account.owner));
  if (!owner) throw new ChainVerificationError(`${mint.toBase58()} is not a token mint (owner ${account.owner.toBase58()})`);
  programs.set(key, owner);
  return owner;
}
