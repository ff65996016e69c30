import type { Connection } from "@solana/web3.js";
import type { ChainTip, LocatedTransfer } from "@/lib/chains/chain-adapter";
import { signatureStatus } from "./signature-statuses";
import { solanaRpc } from "./solana-connection";

/** The newest confirmed slot and the newest finalized one. */
export async function solanaTip(connection: Connection): Promise<ChainTip> {
  const [head, finalized] = await Promise.all([
    solanaRpc("getSlot", () => connection.getSlot("confirmed")),
    solanaRpc("getSlot(finalized)", () => connection.getSlot("finalized")),
  ]);
  return { head: BigInt(head), finalized: BigInt(finalized) };
}

/**
 * Where a recorded transaction stands, from its signature status (history searched, so an old one is
 * found too): final once "finalized", else its confirmations ("processed" counts none: it may still be
 * on a minority fork). No status, or one that now says it failed, means no successful transaction is
 * in the cluster's chain: missing (a fork it landed on was abandoned). The slot stands in for the
 * block's hash, as in the scan.
 */
export async function locateSignature(connection: Connection, txHash: string, tip: ChainTip): Promise<LocatedTransfer> {
  const status = await signatureStatus(connection, txHash);
  if (!status || status.err) return { state: "missing" };
  const slot = BigInt(status.slot);
  const final = status.confirmationStatus === "finalized";
  const depth = tip.head >= slot ? Number(tip.head - slot) + 1 : 1;
  const confirmations =
    status.confirmationStatus === "processed" ? 0 : final ? depth : (status.confirmations ?? depth - 1) + 1;
  return { state: "mined", blockNumber: slot, blockHash: `slot:${slot}`, confirmations, final };
}
