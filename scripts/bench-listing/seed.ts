import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { AGGREGATES, aggregateDiffSql, insertPaymentsSql, type AggregateTable } from "./seed-sql";

export type BenchMerchant = { name: string; merchantId: string; apiKey: string; payments: number };
export type Seeded = {
  anchor: string;
  merchants: Record<string, BenchMerchant>;
  steps: Record<string, number>;
  rows: Record<string, number>;
};
type Job = { text: string; params: unknown[] };

// A is the big merchant, B the small one of the same shape; the others share the tables, as in production.
const PLAN = [
  { name: "A", payments: 1_000_000 },
  { name: "B", payments: 1_000 },
  { name: "C", payments: 20_000 },
  { name: "D", payments: 5_000 },
  { name: "E", payments: 200 },
];
// Room for the GROUP BYs and index builds, in the seeding sessions only.
const SESSION = ["set work_mem = '256MB'", "set maintenance_work_mem = '1GB'"];

/**
 * Merchants through the app's own code, payments and aggregates in bulk SQL. B goes in with the
 * stats trigger running; everyone else with it off and their aggregates built by GROUP BY. B's
 * trigger-built aggregates must equal the GROUP BY's: that proves the bulk path matches the trigger.
 */
export async function seed(url: string): Promise<Seeded> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const steps: Record<string, number> = {};
  const timed = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    steps[step] = Number(((performance.now() - started) / 1000).toFixed(2));
    console.log(`  ${step.padEnd(40)} ${steps[step]!.toFixed(2).padStart(6)} s`);
    return result;
  };
  try {
    for (const s of SESSION) await sql.unsafe(s);
    const db = drizzle(sql, { schema });
    const merchants: Record<string, BenchMerchant> = {};
    for (const m of PLAN) {
      const created = await createMerchant(db, { name: `Bench ${m.name}`, currency: "USD" });
      merchants[m.name] = { ...m, merchantId: created.merchantId, apiKey: created.apiKey };
    }
    // Whole seconds, so rows sit at the same offsets from it on every run.
    const anchor = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const salt = (name: string) => PLAN.findIndex((m) => m.name === name) + 1;
    const B = merchants.B!;

    await timed("B: 1,000 payments, trigger on", () =>
      sql.unsafe(insertPaymentsSql(B.payments, salt("B")), [B.merchantId, anchor]),
    );
    await assertAggregatesMatch(sql, B.merchantId);
    await assertDirectCounts(sql, B.merchantId);

    const bulk = PLAN.filter((m) => m.name !== "B").map((m) => merchants[m.name]!);
    const ids = bulk.map((m) => m.merchantId);
    await timed(
      `others: ${bulk.reduce((n, m) => n + m.payments, 0).toLocaleString("en-US")} payments, trigger off`,
      () =>
        withoutSecondaryIndexes(sql, async () => {
          // Generating rows is CPU-bound in one backend: two sessions (two cores), each half of every merchant.
          const jobs = bulk.flatMap((m) =>
            halves(m.payments).map((rows) => ({
              text: insertPaymentsSql(m.payments, salt(m.name), rows),
              params: [m.merchantId, anchor],
            })),
          );
          await withTriggerOff(sql, (replica) =>
            inSessions(url, [jobs.filter((_, i) => i % 2 === 0), jobs.filter((_, i) => i % 2 === 1)], replica),
          );
        }),
    );
    // Two sessions (two cores), the two big ones (customer days and their gaps) apart.
    const aggregate = (table: AggregateTable): Job => ({
      text: `insert into ${table} (${AGGREGATES[table].columns}) ${AGGREGATES[table].select}`,
      params: [ids],
    });
    await timed("others: aggregates by GROUP BY", () =>
      inSessions(url, [
        [aggregate("merchant_customer_days"), aggregate("merchant_stats")],
        [aggregate("merchant_customer_day_gaps"), aggregate("merchant_revenue_daily"), aggregate("merchant_customers")],
      ]),
    );
    // Autovacuum would have done this in steady state; without it the first reads pay for hint
    // bits and index-only scans cannot skip the heap.
    const tables = ["payments", ...Object.keys(AGGREGATES)];
    await timed("vacuum (analyze)", async () => {
      for (const table of tables) await sql.unsafe(`vacuum (analyze) ${table}`);
    });
    const rows: Record<string, number> = {};
    for (const table of tables)
      rows[table] = (await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from ${table}`))[0]!.n;
    return { anchor, merchants, steps, rows };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function halves(count: number): [number, number][] {
  const mid = Math.floor(count / 2);
  return [
    [0, mid],
    [mid, count],
  ];
}

/** One session per list of jobs, all at once; `replica` sessions fire no triggers. */
async function inSessions(url: string, lanes: Job[][], replica = false): Promise<void> {
  await Promise.all(
    lanes.map(async (jobs) => {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        for (const s of [...SESSION, ...(replica ? ["set session_replication_role = replica"] : [])])
          await sql.unsafe(s);
        for (const job of jobs) await sql.unsafe(job.text, job.params as never[]);
      } finally {
        await sql.end({ timeout: 5 });
      }
    }),
  );
}

/**
 * Skip the stats trigger: session_replication_role needs superuser (the embedded server's user is
 * one); otherwise disable the trigger for the table, which needs only ownership (the migrating
 * user has it), and enable it again after. The table is ours alone while seeding.
 */
async function withTriggerOff(sql: postgres.Sql, run: (replica: boolean) => Promise<void>): Promise<void> {
  const [me] = await sql<
    { superuser: boolean }[]
  >`select rolsuper as superuser from pg_roles where rolname = current_user`;
  if (me?.superuser) return run(true);
  await sql.unsafe("alter table payments disable trigger payments_count_success");
  try {
    await run(false);
  } finally {
    await sql.unsafe("alter table payments enable trigger payments_count_success");
  }
}

/**
 * Building an index once is several times faster than maintaining it row by row (random ids and tx
 * hashes touch a new leaf per row). Every index on payments that backs no constraint is dropped and
 * rebuilt from its own definition, so the bench follows the migrations as they change.
 */
async function withoutSecondaryIndexes(sql: postgres.Sql, run: () => Promise<void>): Promise<void> {
  const indexes = await sql<{ name: string; def: string }[]>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
     where i.indrelid = 'payments'::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`;
  for (const index of indexes) await sql.unsafe(`drop index ${index.name}`);
  await run();
  for (const index of indexes) await sql.unsafe(index.def);
}

/** The trigger's rows for B against the bulk GROUP BY over B's payments, table by table, both ways. */
async function assertAggregatesMatch(sql: postgres.Sql, merchantId: string): Promise<void> {
  for (const table of Object.keys(AGGREGATES) as AggregateTable[]) {
    const [diff] = await sql.unsafe<{ n: number }[]>(aggregateDiffSql(table), [[merchantId]]);
    if (diff!.n !== 0)
      throw new Error(
        `seed: for merchant B, ${table} built by the trigger and by the bulk GROUP BY differ in ${diff!.n} rows`,
      );
  }
  console.log(`  B: trigger-built aggregates equal the bulk GROUP BY's (${Object.keys(AGGREGATES).length} tables)`);
}

/** The totals the listing reads, against a count over B's raw payments. */
async function assertDirectCounts(sql: postgres.Sql, merchantId: string): Promise<void> {
  const [direct] = await sql`
    select count(*)::int as tx, count(distinct buyer_account)::int as customers,
           coalesce(sum(fiat_amount) filter (where fiat_currency = 'USD'), 0)::bigint::text as usd
      from payments where merchant_id = ${merchantId} and status = 'succeeded'`;
  const [stored] = await sql`
    select s.total_transactions::int as tx, s.total_customers::int as customers,
           (select sum(amount_minor) from merchant_revenue_daily r where r.merchant_id = s.merchant_id and r.fiat_currency = 'USD')::bigint::text as usd
      from merchant_stats s where s.merchant_id = ${merchantId}`;
  const same =
    stored &&
    direct &&
    direct.tx > 0 &&
    stored.tx === direct.tx &&
    stored.customers === direct.customers &&
    stored.usd === direct.usd;
  if (!same)
    throw new Error(
      `seed: merchant B's aggregates ${JSON.stringify(stored)} differ from a direct count ${JSON.stringify(direct)}`,
    );
  console.log(
    `  B: direct count ${direct.tx} succeeded, ${direct.customers} customers, ${direct.usd} USD minor = merchant_stats + revenue_daily`,
  );
}
