import type { BuiltTransaction, ChainAdapter, Tracked, TransferIntent } from "@/lib/chains/chain-adapter";

/**
 * What confirm does with an adapter, minus the database: verify the wallet's results, sign a relay
 * at the relayer's pending nonce, send, and return what the watcher would track.
 */
export async function submit(
  adapter: ChainAdapter,
  {
    intent,
    results,
    context,
  }: { intent: TransferIntent; results: string[]; context: { builds?: BuiltTransaction[]; notBefore: Date } },
): Promise<Tracked> {
  const verified = await adapter.verify(intent, results, context);
  const { notBefore } = context;
  if (verified.kind === "relay") {
    const relayer = adapter.relayer!;
    const nonce = await relayer.pendingNonce(intent.network);
    const signed = await relayer.sign(intent.network, {
      call: verified.call,
      nonce,
      fees: await relayer.fees(intent.network),
    });
    await adapter.broadcast(intent.network, signed.rawTx, { preflight: true });
    return { kind: "relay", txHashes: [signed.txHash], relayer: relayer.address, relayNonce: nonce, notBefore };
  }
  if (verified.kind === "cosigned") {
    await adapter.broadcast(intent.network, verified.rawTx, { preflight: true });
    return {
      kind: "cosigned",
      txHashes: [verified.txHash],
      lastValidBlockHeight: verified.lastValidBlockHeight,
      notBefore,
    };
  }
  return { kind: "wallet_sent", txHashes: [verified.txHash], payerNonce: verified.payerNonce, notBefore };
}
