import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentSubmissions, relayerNonces } from "@/db/schema";
import type { Relayer } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { reserveRelayNonce, spendRelayNonce, syncRelayerNonce } from "@/lib/submissions/relayer-nonces";
import { newMerchant } from "../support/api";
import { testDb } from "../support/db";
import { seedPayment } from "../support/seed";

const CHAIN = "eip155:31337";
const network = { chainId: CHAIN } as NetworkConfig;

/*
 * A confirm's record moves its relay's nonce from a reservation to an open submission in one
 * transaction. A sync of the key's next nonce (an instance's first relay, or the watcher finding a
 * nonce taken elsewhere) reads both to know which nonces are held: read in two statements, a record
 * committing between them hid its nonce from both, the next nonce went back to it, and the next relay
 * was signed at a nonce already recorded (CI: a 500 on confirm, payment_submissions_relay_nonce_unique,
 * in settlement-instances). Records and syncs run side by side here, many times, at shifting offsets.
 */
describe("the relayer's next nonce under records and syncs at once", () => {
  it("never falls back to a nonce a record just took", async () => {
    const { db } = testDb();
    const m = await newMerchant();
    const address = `0x${randomBytes(20).toString("hex")}`;
    // The chain knows no relay of this key: the database alone says which nonces are held.
    const relayer = { address, pendingNonce: async () => 0 } as unknown as Relayer;
    await syncRelayerNonce(db, { network, relayer, force: true });

    const fellBack: number[] = [];
    for (let i = 0; i < 80; i++) {
      const paymentId = await seedPayment(m.merchantId, { status: "processing" });
      const nonce = await reserveRelayNonce(db, { paymentId, chainId: CHAIN, relayer: address });
      const record = db.transaction(async (tx) => {
        await spendRelayNonce(tx, paymentId, nonce);
        await tx.insert(paymentSubmissions).values({
          paymentId,
          optionId: `opt_${paymentId}`,
          chainId: CHAIN,
          kind: "relay",
          txHash: `0x${randomBytes(32).toString("hex")}`,
          relayer: address,
          relayNonce: nonce,
          nextCheckAt: new Date(Date.now() + 3600_000),
        });
      });
      // The sync starts a little later each time, so some land with the record's commit between its reads.
      const sync = (async () => {
        for (let tick = 0; tick < i % 10; tick++) await new Promise((r) => setImmediate(r));
        await syncRelayerNonce(db, { network, relayer, force: true });
      })();
      await Promise.all([record, sync]);
      const [row] = await db
        .select({ next: relayerNonces.nextNonce })
        .from(relayerNonces)
        .where(and(eq(relayerNonces.chainId, CHAIN), eq(relayerNonces.address, address)));
      if (row!.next <= nonce) fellBack.push(nonce);
      // Put it right for the next round, as a later sync would once the record is visible.
      await syncRelayerNonce(db, { network, relayer, force: true });
    }
    expect(fellBack).toEqual([]);
  });
});
