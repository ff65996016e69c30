import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "@/db/schema";
import { leftToRead } from "@/lib/ledger/left-to-read";
import { toRead } from "@/lib/ledger/scan-by-account";
import { newMerchant } from "../support/api";
import { testDb } from "../support/db";
import { seedPayment } from "../support/seed";

// The settlement watcher closes a submission and records its transfer in one transaction; the ledger's
// scan asks which listed transactions it must read itself. When the watcher's commit lands in the middle
// of that question, the scan must still see the transaction as held (open) or recorded, never neither:
// CI once saw the scan read a relay the watcher had just settled. Played deterministically here: the
// "watcher" holds its transaction open behind a lock until the scan is seen waiting, then commits.
// Chains here are made up, so the test server's own watcher and ledger never touch these rows.

// The scan's own connection, named so that the test waits for it and not for the server's watcher,
// which may queue on the same lock.
const scanSql = postgres(inject("databaseUrl"), {
  max: 1,
  onnotice: () => {},
  connection: { application_name: "race_scan" },
});
const scanDb = drizzle(scanSql, { schema });
afterAll(() => scanSql.end({ timeout: 5 }));

async function arrange(chainId: string, kind: "relay" | "cosigned", txHash: string, recipient: string, asset: string) {
  const { merchantId } = await newMerchant();
  const paymentId = await seedPayment(merchantId, { status: "processing" });
  const { sql } = testDb();
  await sql`
    insert into payment_submissions (payment_id, option_id, chain_id, kind, tx_hash, next_check_at)
    values (${paymentId}, 'opt_race', ${chainId}, ${kind}, ${txHash}, now() + interval '1 hour')`;
  return { merchantId, paymentId, chainId, txHash, recipient, asset };
}

/** Runs `scan` while a transaction closes the submission and records the transfer, committing mid-scan. */
async function closeDuring<T>(row: Awaited<ReturnType<typeof arrange>>, scan: () => Promise<T>): Promise<T> {
  const { sql } = testDb();
  let scanning: Promise<T> | undefined;
  await sql.begin(async (tx) => {
    // Taken before the scan starts: whichever of its reads touches submissions waits for this commit.
    await tx`lock table payment_submissions in access exclusive mode`;
    await tx`update payment_submissions set state = 'closed' where payment_id = ${row.paymentId}`;
    await tx`
      insert into chain_transfers (id, chain_id, tx_hash, position, sender, recipient, asset, amount,
        merchant_id, payment_id, option_id, state, match)
      values (${`trf_race${randomBytes(8).toString("hex")}`}, ${row.chainId}, ${row.txHash}, 0, 'payer', ${row.recipient}, ${row.asset}, 1000000,
        ${row.merchantId}, ${row.paymentId}, 'opt_race', 'final', 'bound')`;
    scanning = scan();
    // Commit only once the scan is blocked on the lock: its earlier reads (if any) came before the commit.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [waiting] = await sql`
        select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and application_name = 'race_scan'`;
      if (waiting!.n > 0) break;
      if (Date.now() > deadline) throw new Error("the scan never waited for the watcher's lock");
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  return scanning!;
}

describe("the ledger's scan and the watcher closing a submission at the same moment", () => {
  it("EVM: a relay closed mid-scan is recorded, not read again", async () => {
    const txHash = `0x${randomBytes(32).toString("hex")}`;
    const recipient = "0x00000000000000000000000000000000000000aa";
    const chainId = "eip155:4242421";
    const asset = `${chainId}/erc20:0x00000000000000000000000000000000000000bb`;
    const row = await arrange(chainId, "relay", txHash, recipient, asset);
    const result = await closeDuring(row, () =>
      leftToRead(scanDb, { chainId, listed: [{ txHash, blockNumber: 7n, blockHash: "0x07", recipient, asset }] }),
    );
    expect(result.read).toEqual([]);
    expect(result.holdFrom).toBeUndefined();
  });

  it("Solana: a co-signed transaction closed mid-scan is recorded, not read again", async () => {
    const signature = `race${randomBytes(24).toString("hex")}`;
    const recipient = "Race1111111111111111111111111111111111111111";
    const chainId = "solana:race0000000000000000000000000000";
    const asset = `${chainId}/token:Mint111111111111111111111111111111111111111`;
    const row = await arrange(chainId, "cosigned", signature, recipient, asset);
    const result = await closeDuring(row, () =>
      toRead(scanDb, chainId, [{ watch: { recipient, asset }, signatures: [{ signature, failed: false }] }]),
    );
    expect(result.reads).toEqual([]);
    expect(result.held).toEqual([]);
  });
});
