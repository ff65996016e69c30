import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { ownScratchDatabaseUrl } from "../support/own-scratch-database";
import { startServer, type RunningServer } from "../support/server";

// What is kept only for a while is deleted by the prune job (every PRUNE_INTERVAL_MS): Idempotency-Keys
// once a day old (the merchant API's and the Platform API's), and the limit counters (sign-in and
// sign-up attempts, gateway calls) an hour after their window ended. Before, none of them was ever deleted.

let server: RunningServer | undefined;
let sql: postgres.Sql | undefined;
afterAll(async () => {
  await server?.stop();
  await sql?.end({ timeout: 5 });
});

describe("the prune job", () => {
  it("deletes day-old Idempotency-Keys and ended limit counters, and keeps the recent ones", async () => {
    const url = await ownScratchDatabaseUrl("pruning");
    server = await startServer({ DATABASE_URL: url, EXPIRY_JOB_INTERVAL_MS: "0", PRUNE_INTERVAL_MS: "300" }, "pruning");
    sql = postgres(url, { max: 1, onnotice: () => {} });
    await sql`insert into merchants (id, name, currency) values ('mer_prune', 'Prune Shop', 'USD')`;
    await sql`insert into partners (id, name) values ('ptn_prune', 'Prune Platform')`;
    for (const [key, hours] of [
      ["old", 25],
      ["recent", 23],
    ] as const) {
      await sql`insert into idempotency_keys (merchant_id, key, request_hash, created_at)
        values ('mer_prune', ${key}, 'h', now() - make_interval(hours => ${hours}))`;
      await sql`insert into platform_idempotency_keys (partner_id, scope, key, request_hash, created_at)
        values ('ptn_prune', 'merchants.create', ${key}, 'h', now() - make_interval(hours => ${hours}))`;
    }
    const epochMs = (hoursFromNow: number) => Date.now() + hoursFromNow * 3600_000;
    await sql`insert into rate_limits (key, points, expire) values
      ('sign_in_pair:ended', 5, ${epochMs(-2)}), ('sign_ups:ended', 10, ${epochMs(-1.5)}),
      ('sign_in_network:open', 3, ${epochMs(0.2)}), ('gateway_options:just-ended', 1, ${epochMs(-0.1)})`;

    const left = async () => ({
      merchant: (await sql!`select key from idempotency_keys where merchant_id = 'mer_prune'`).map((r) => r.key),
      platform: (await sql!`select key from platform_idempotency_keys where partner_id = 'ptn_prune'`).map(
        (r) => r.key,
      ),
      limits: (await sql!`select key from rate_limits order by key`).map((r) => r.key),
    });
    await expect.poll(left, { timeout: 10_000 }).toEqual({
      merchant: ["recent"],
      platform: ["recent"],
      limits: ["gateway_options:just-ended", "sign_in_network:open"],
    });
  });
});
