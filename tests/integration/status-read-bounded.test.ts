import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "@/db/migrate";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { readStatusWithKey } from "@/lib/payments/read-status-with-key";
import { scratchDatabaseUrl } from "../support/scratch-database";

// A busy merchant among many small ones (what the test database and production look like to the planner).
const BUSY_PAYMENTS = 5000;
const OTHER_MERCHANTS = 2000;
// More than the five custom plans PostgreSQL makes before it settles on a prepared statement's generic plan.
const POLLS = 30;

/**
 * Issue 29: the status poll's payment lookup must cost the same for a merchant's 1st and 5,000th
 * payment. Its own database, so that the index counters count this test's reads and nothing else.
 */
describe("status read of a merchant with many payments", () => {
  let url: string;
  let admin: postgres.Sql;

  beforeAll(async () => {
    url = await scratchDatabaseUrl("status_read_bounded");
    await runMigrations(url);
    admin = postgres(url, { max: 1, onnotice: () => {} });
  }, 120_000);
  afterAll(async () => {
    await admin?.end({ timeout: 5 });
  });

  it("reads the newest payment through the primary key, not the merchant's other payments", async () => {
    const setup = postgres(url, { max: 1, onnotice: () => {} });
    const busy = await createMerchant(drizzle(setup, { schema }), { name: "Busy", currency: "USD" });
    await setup.end({ timeout: 5 });
    await admin.unsafe(`
      -- No vacuum of the new rows while the counters below count this test's reads.
      alter table payments set (autovacuum_enabled = false);
      insert into merchants (id, name) select 'mer_small' || g, 'small' from generate_series(1, ${OTHER_MERCHANTS}) g;
      insert into payments (id, merchant_id, reference_id, fiat_currency, fiat_amount, expires_at)
        select 'pay_small' || g || 'n' || i, 'mer_small' || g, 'order', 'USD', 100, now() + interval '1 hour'
        from generate_series(1, ${OTHER_MERCHANTS}) g, generate_series(1, 3) i;
      insert into payments (id, merchant_id, reference_id, fiat_currency, fiat_amount, expires_at, created_at)
        select 'pay_busy' || lpad(g::text, 18, '0'), '${busy.merchantId}', 'order', 'USD', 100, now() + interval '1 hour',
               now() - interval '1 day' + g * interval '1 second'
        from generate_series(1, ${BUSY_PAYMENTS}) g;
      analyze`);
    // Count from zero: the set-up's own statistics are flushed, then the database's counters reset.
    await admin`select pg_stat_force_next_flush()`;
    await admin`select 1`;
    await admin`select pg_stat_reset()`;
    const newest = `pay_busy${String(BUSY_PAYMENTS).padStart(18, "0")}`;

    // The app's read pool, on its own connection, closed at the end so its statistics are flushed.
    const readSql = postgres(url, { max: 1, onnotice: () => {} });
    const db = drizzle(readSql, { schema });
    const headers = new Headers({ "api-key": busy.apiKey, "merchant-id": busy.merchantId });
    for (let i = 0; i < POLLS; i++) {
      const { payment } = await readStatusWithKey(
        { read: db, write: db },
        { headers, paymentId: newest, scope: "payments:status" },
      );
      expect(payment.id).toBe(newest);
    }
    await readSql.end({ timeout: 5 });

    // Index pages visited, not entries returned: a scan that skips entries inside the index returns few.
    const pagesRead = async () => {
      const [row] = await admin<{ n: string }[]>`
        select coalesce(sum(idx_blks_hit + idx_blks_read), 0)::text as n
        from pg_statio_user_indexes where relname = 'payments'`;
      return Number(row!.n);
    };
    // Statistics of a closed connection arrive shortly after it ends.
    let read = 0;
    for (let wait = 0; wait < 50 && read < POLLS; wait++) {
      await admin`select pg_stat_clear_snapshot()`;
      read = await pagesRead();
      if (read < POLLS) await new Promise((r) => setTimeout(r, 100));
    }
    // The primary key's root and leaf per poll; a scan of the busy merchant's payments reads ~100 pages per poll.
    expect(read).toBeGreaterThanOrEqual(POLLS);
    expect(read).toBeLessThan(POLLS * 5);
  }, 120_000);
});
