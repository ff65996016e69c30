import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentOptions } from "@/db/schema";
import { adapterFor } from "@/lib/chains/adapters";
import { namespaceOf } from "@/lib/chains/caip";
import { ChainRpcError, ChainVerificationError, type BuiltTransaction } from "@/lib/chains/chain-adapter";
import { log } from "@/lib/log";
import type { OptionRow } from "./claim-option-rows";
import { intentOfOption } from "@/lib/payments/option-intent";

import { rentPayerFor } from "./rent-payer-for";
import { SERVICE_BUILT } from "@/lib/chains/transfer-methods";

/**
 * Options-time builds: every offered option whose transaction the service builds (Solana) gets one
 * now, so its build action carries it ready to sign and a wallet that never calls fetch (the
 * WalletConnect Pay CLI) can pay. Only rows with none stored are built: a reused option keeps its
 * transaction, so asking again answers the same actions. All of one network's rows share one
 * recent blockhash (one chain read per call, not per option). Runs with no database transaction
 * open. A network that cannot build now leaves its rows unbuilt (they are not offered this time;
 * the next call tries again) instead of failing the other networks' options.
 */
export async function buildAtOptions(db: Db, rows: OptionRow[]): Promise<OptionRow[]> {
  const unbuilt = rows.filter((row) => SERVICE_BUILT.has(row.method) && !row.offeredMessage);
  const stored = new Map<string, OptionRow>();
  for (const namespace of new Set(unbuilt.map((row) => namespaceOf(row.chainId)))) {
    const adapter = adapterFor(namespace);
    const group = unbuilt.filter((row) => namespaceOf(row.chainId) === namespace);
    if (!adapter) continue;
    try {
      // Who funds the merchant's token account should the transaction create it, decided per build (rent-payer-for).
      const intents = await Promise.all(
        group.map(async (row) => {
          const offered = intentOfOption(row);
          return {
            ...offered,
            rentPayer: await rentPayerFor(db, { adapter, intent: offered, paymentId: row.paymentId }),
          };
        }),
      );
      const builds = await adapter.resolveBuilds(intents);
      for (const [i, row] of group.entries())
        stored.set(
          row.id,
          await storeOfferedBuild(db, {
            optionId: row.id,
            built: builds[i]!,
            rentPayer: intents[i]!.rentPayer,
          }),
        );
    } catch (err) {
      if (!(err instanceof ChainRpcError || err instanceof ChainVerificationError)) throw err;
      log.warn(
        { namespace, options: group.map((row) => row.id), err: err.message },
        "options: could not build transactions",
      );
    }
  }
  return rows.map((row) => stored.get(row.id) ?? row);
}

/**
 * Stores one options-time build on its row unless one is there already (two calls may build the same
 * new row at once: the first stored wins, and both answer it). Every build of a row funds a new
 * merchant token account alike (`rent_payer`), so a fetch-time build made for another rent payer is
 * dropped here: confirm could not verify it against the row any more.
 */
async function storeOfferedBuild(
  db: Db,
  {
    optionId,
    built,
    rentPayer,
  }: { optionId: string; built: BuiltTransaction; rentPayer: "service" | "buyer" | undefined },
): Promise<OptionRow> {
  const payer = rentPayer ?? null;
  const sameFunder = sql`${paymentOptions.rentPayer} is not distinct from ${payer}`;
  const [updated] = await db
    .update(paymentOptions)
    .set({
      offeredMessage: built.message,
      offeredLastValidBlockHeight: built.lastValidBlockHeight ?? null,
      rentPayer: payer,
      builtMessage: sql`case when ${sameFunder} then ${paymentOptions.builtMessage} end`,
      lastValidBlockHeight: sql`case when ${sameFunder} then ${paymentOptions.lastValidBlockHeight} end`,
    })
    .where(and(eq(paymentOptions.id, optionId), isNull(paymentOptions.offeredMessage)))
    .returning();
  if (updated) return updated;
  const [current] = await db.select().from(paymentOptions).where(eq(paymentOptions.id, optionId));
  return current!;
}
