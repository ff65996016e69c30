import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { runMigrations } from "@/db/migrate";
import { payments, webhookEndpoints } from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { newId } from "@/lib/ids";
import { findPgTool } from "@/lib/operations/find-pg-tool";
import { decryptKeystore } from "@/lib/chains/signers/keystore";
import { privateKeyToAddress } from "viem/accounts";
import { cli } from "../support/run-cli";
import { scratchDatabaseUrl } from "../support/scratch-database";

// The operator's round trip: a database with a merchant, payments and their webhooks, `cli backup`, `cli restore`
// into a fresh database, and the same rows there. The scratch databases live on the test PostgreSQL server.
const dir = mkdtempSync(join(tmpdir(), "keys-backup-"));
const open: postgres.Sql[] = [];
const connect = (url: string) => {
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  open.push(sql);
  return sql;
};
afterAll(() => Promise.all(open.map((sql) => sql.end({ timeout: 5 }))));

const TABLES = [
  "merchants",
  "api_keys",
  "payments",
  "merchant_stats",
  "webhook_endpoints",
  "webhook_events",
  "webhook_deliveries",
];
async function snapshot(sql: postgres.Sql) {
  const rows: Record<string, unknown[]> = {};
  // As text: each connection may parse types its own way (drizzle sets its own parsers on one).
  for (const table of TABLES)
    rows[table] = (await sql.unsafe(`select to_jsonb(t)::text as r from ${table} t order by 1`)).map((x) => x.r);
  return rows;
}

describe("cli backup / restore", () => {
  it("restores a backup into a fresh database with the same rows, and refuses a non-empty one without --clean", async () => {
    const source = await scratchDatabaseUrl("keys_backup_source");
    const target = await scratchDatabaseUrl("keys_backup_target");
    await runMigrations(source);
    const sql = connect(source);
    const merchant = await createMerchant(drizzle(sql), { name: "Backup Shop", currency: "EUR" });
    // A webhook endpoint first, so each payment below writes its event and a delivery (the triggers of 0017).
    await drizzle(sql)
      .insert(webhookEndpoints)
      .values({
        id: newId("whe"),
        merchantId: merchant.merchantId,
        url: "https://shop.example/hooks",
        secret: "sealed",
      });
    for (const cents of [100n, 2550n, 99_999n])
      await drizzle(sql)
        .insert(payments)
        .values({
          id: newId("pay"),
          merchantId: merchant.merchantId,
          referenceId: `backup-${cents}`,
          fiatCurrency: "EUR",
          fiatAmount: cents,
          expiresAt: new Date(Date.now() + 3600_000),
        });
    const before = await snapshot(sql);
    expect(before.payments).toHaveLength(3);
    expect(before.webhook_events).toHaveLength(3);
    expect(before.webhook_deliveries).toHaveLength(3);

    const file = join(dir, "payments.dump");
    const backedUp = await cli(["backup", "--out", file], { DATABASE_URL: source });
    const [server] = await sql<{ v: string }[]>`select current_setting('server_version_num') as v`;
    const major = Math.floor(Number(server!.v) / 10000);
    if (!(await findPgTool("pg_dump", major, process.env.PATH ?? "").catch(() => undefined))) {
      // No client of this server's version on the machine (Debian here ships PostgreSQL 15's; the embedded
      // server is 18): the CLI names what to install and writes nothing. The round trip itself runs where a
      // client exists (CI's pass on the machine's PostgreSQL).
      expect(backedUp.code).toBe(1);
      expect(backedUp.stderr).toContain(`install postgresql-client-${major}`);
      expect(existsSync(file)).toBe(false);
      expect(existsSync(`${file}.partial`)).toBe(false);
      return;
    }
    expect(backedUp.stderr).toBe("");
    expect(backedUp.code).toBe(0);
    expect(statSync(file).mode & 0o077).toBe(0);

    const restored = await cli(["restore", file], { DATABASE_URL: target });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(await snapshot(connect(target))).toEqual(before);
    // The restored schema is the service's: a start's migrations find nothing left to do.
    await runMigrations(target);

    const again = await cli(["restore", file], { DATABASE_URL: target });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already holds \d+ tables: .* --clean/);
    await connect(target)`delete from payments where reference_id = 'backup-100'`;
    const clean = await cli(["restore", file, "--clean"], { DATABASE_URL: target });
    expect(clean.code).toBe(0);
    expect(await snapshot(connect(target))).toEqual(before);
  });
});

describe("cli keystore create", () => {
  it("encrypts a key from stdin, or a generated one, printing its address; never overwrites", async () => {
    const passphrase = join(dir, "pass");
    writeFileSync(passphrase, "correct horse battery staple\n", { mode: 0o600 });
    const out = join(dir, "generated.json");
    const made = await cli([
      "keystore",
      "create",
      "--chain",
      "evm",
      "--out",
      out,
      "--passphrase-file",
      passphrase,
      "--generate",
    ]);
    expect(made.code).toBe(0);
    const keystore = (await import("node:fs")).readFileSync(out, "utf8");
    const { secret } = decryptKeystore(keystore, "correct horse battery staple");
    expect(made.stdout.trim()).toBe(privateKeyToAddress(`0x${Buffer.from(secret).toString("hex")}`));
    expect(statSync(out).mode & 0o077).toBe(0);
    const twice = await cli([
      "keystore",
      "create",
      "--chain",
      "evm",
      "--out",
      out,
      "--passphrase-file",
      passphrase,
      "--generate",
    ]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("not overwritten");
  }, 60_000);
});
