import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { scratchDatabaseUrl } from "../support/scratch-database";
import { startServer, type RunningServer } from "../support/server";

// The outbox and the delivery log are kept WEBHOOK_RETENTION_DAYS (30 by default): a server's retention
// job deletes older events with their deliveries and attempts, but never one still waiting to be delivered.

let server: RunningServer | undefined;
let sql: postgres.Sql | undefined;
afterAll(async () => {
  await server?.stop();
  await sql?.end({ timeout: 5 });
});

describe("webhook retention", () => {
  it("events older than the retention go with their deliveries and attempts; a pending one and a recent one stay", async () => {
    const url = await scratchDatabaseUrl("webhook_retention");
    server = await startServer(
      {
        DATABASE_URL: url,
        EXPIRY_JOB_INTERVAL_MS: "0",
        WEBHOOK_RETENTION_DAYS: "30",
        WEBHOOK_PRUNE_INTERVAL_MS: "300",
      },
      "webhook-retention",
    );
    sql = postgres(url, { max: 1, onnotice: () => {} });
    await sql`insert into merchants (id, name, currency) values ('mer_retention', 'Retention Shop', 'USD')`;
    await sql`insert into webhook_endpoints (id, merchant_id, url, secret)
      values ('whe_retention', 'mer_retention', 'https://hooks.example/in', 'whsec_x')`;
    const event = async (id: string, ageDays: number, delivery: "succeeded" | "failed" | "pending") => {
      // One transaction: the server's prune job (every 300 ms) must never see the old event without its
      // delivery, or it deletes the event before the delivery's insert (a foreign key failure, seen in CI).
      await sql!.begin(async (tx) => {
        await tx`insert into webhook_events (id, merchant_id, type, state_version, live, snapshot, created_at)
          values (${id}, 'mer_retention', 'payment.succeeded', 2, true, '{}'::jsonb, now() - make_interval(days => ${ageDays}))`;
        const next = delivery === "pending" ? tx`now() + interval '1 day'` : null;
        await tx`insert into webhook_deliveries (id, event_id, endpoint_id, status, next_attempt_at, attempt_count)
          values (${`whd_${id}`}, ${id}, 'whe_retention', ${delivery}, ${next}, 1)`;
        await tx`insert into webhook_attempts (delivery_id, attempt, started_at, duration_ms, status_code)
          values (${`whd_${id}`}, 1, now() - make_interval(days => ${ageDays}), 12, 500)`;
      });
    };
    await event("evt_old_delivered", 40, "succeeded");
    await event("evt_old_failed", 31, "failed");
    await event("evt_old_pending", 40, "pending");
    await event("evt_recent", 29, "succeeded");

    const remaining = async () =>
      (await sql!`select id from webhook_events where merchant_id = 'mer_retention' order by id`).map((r) => r.id);
    await expect.poll(remaining, { timeout: 10_000 }).toEqual(["evt_old_pending", "evt_recent"]);
    const deliveries = await sql`select id from webhook_deliveries where endpoint_id = 'whe_retention' order by id`;
    expect(deliveries.map((r) => r.id)).toEqual(["whd_evt_old_pending", "whd_evt_recent"]);
    const attempts = await sql`select delivery_id from webhook_attempts a
      join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = 'whe_retention'`;
    expect(attempts).toHaveLength(2);
    expect(await sql`select count(*)::int as n from webhook_attempts`).toEqual([{ n: 2 }]);
  });
});
