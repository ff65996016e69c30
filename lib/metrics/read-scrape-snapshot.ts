import { sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { withDeadline } from "@/lib/concurrency/deadline";
import { ledgerCursors, PAYMENT_STATUSES, payments, serviceFees } from "@/db/schema";
import { log } from "@/lib/log";
import { gasSnapshot } from "@/lib/operations/gas-snapshot";
import { workBacklog } from "@/lib/operations/work-backlog";
import type { ScrapeSnapshot, SnapshotSource } from "./metrics-host";

// A scraper gives up after its scrape_timeout (10 s by default): each source answers well within it, or
// is left out of this scrape. The statement timeout stops the query itself; the wait bounds the pool too.
const STATEMENT_TIMEOUT_MS = 2_000;
const SOURCE_WAIT_MS = 3_000;
// Before the gas job's first reading this process has no snapshot: wait for it this long, no longer.
const FIRST_GAS_WAIT_MS = 1_000;

/**
 * What the scrape-time gauges show: payments by status, the settlement and webhook queues, each
 * network's ledger scan, the fees paid, from the database (one cheap query each, across every instance);
 * gas balances from this process's last gas check, never a chain call when one exists. Each source is
 * bounded and fails alone: a source that errs or runs out of time is missing, never a failed scrape.
 */
export async function readScrapeSnapshot(): Promise<ScrapeSnapshot> {
  const [byStatus, queues, ledger, fees, gas] = await Promise.all([
    source("payments", () => query(countPayments)),
    source("queues", () => query(workBacklog)),
    source("ledger", () => query(ledgerAges)),
    source("fees", () => query(feesPaid)),
    source("gas", gasBalances),
  ]);
  return { payments: byStatus, queues, ledger, fees, gas };
}

async function source<T>(name: SnapshotSource, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await withDeadline(SOURCE_WAIT_MS, read);
  } catch (err) {
    log.debug({ source: name, err }, "metrics: source left out of this scrape");
    return undefined;
  }
}

/** Run `read` in a short transaction whose statements PostgreSQL stops after STATEMENT_TIMEOUT_MS. */
async function query<T>(read: (db: Db) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('statement_timeout', ${String(STATEMENT_TIMEOUT_MS)}, true)`);
    return read(tx as unknown as Db);
  });
}

const rows = <T extends Record<string, unknown>>(db: Db, statement: SQL) => db.execute<T>(statement);

async function countPayments(db: Db) {
  const counted = await rows<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from ${payments} group by status`,
  );
  // Every status, zeros included, so a series does not vanish while nothing is in it.
  const by = new Map(counted.map((row) => [row.status, row.count]));
  return PAYMENT_STATUSES.map((status) => ({ status, count: by.get(status) ?? 0 }));
}

async function ledgerAges(db: Db) {
  const cursors = await rows<{ network: string; age: number | null }>(
    db,
    sql`select chain_id as network, extract(epoch from now() - scanned_at)::float8 as age from ${ledgerCursors}`,
  );
  return cursors.map((row) => ({ network: row.network, ageSeconds: row.age === null ? null : Math.max(0, row.age) }));
}

async function feesPaid(db: Db) {
  const sums = await rows<{ network: string; kind: string; symbol: string; decimals: number; amount: string }>(
    db,
    sql`select chain_id as network, kind, native_symbol as symbol, native_decimals as decimals,
          sum(native_amount)::text as amount
        from ${serviceFees} group by chain_id, kind, native_symbol, native_decimals`,
  );
  // A float is exact enough for a graph; the ledger of record stays in base units.
  return sums.map((row) => ({
    network: row.network,
    kind: row.kind,
    symbol: row.symbol,
    amount: Number(row.amount) / 10 ** row.decimals,
  }));
}

async function gasBalances() {
  const entries = await gasSnapshot(FIRST_GAS_WAIT_MS);
  return entries
    .filter((entry) => entry.balance !== null)
    .map((entry) => ({
      network: entry.network,
      address: entry.address,
      symbol: entry.symbol,
      balance: Number(entry.balance),
      warnBelow: Number(entry.warnBelow),
    }));
}
