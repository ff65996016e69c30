import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { Connection, Keypair, PublicKey } from "@solana/web3.js";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { createPublicClient, http, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema";
import { ERC20_ABI } from "@/lib/chains/evm/erc20-abi";
import { createMerchant } from "@/lib/merchants/create-merchant";
import type { DevnetInfo } from "@payment-service/devnet";
import type { ChainClock } from "./chain-clock";
import { join } from "node:path";
import { ARTIFACTS } from "../../tests/support/server";
import { startCpuProfiles, type ProfileSummary } from "./cpu-profile";
import { cpuBetween, sampleCpu, type CpuUse } from "./cpu-usage";
import { startStatementCount, type StatementUse } from "./statements";
import { listenForFinals } from "./final-clock";
import { measureIdle, type IdleUse } from "./idle";
import { fireConfirms, type Fired } from "./fire-confirms";
import type { Instances } from "./instances";
import { preparePayments, type Chain, type Prepared } from "./prepare";

export type Counts = Record<Chain, Record<string, number>>;
export type PaymentTimes = Prepared & Fired & { finalStatus?: string; finalAt?: number; txHash?: string };
export type Settled = {
  payments: PaymentTimes[];
  sequential: PaymentTimes[];
  prepCounts: Counts;
  confirmCounts: Counts;
  prepSeconds: number;
  cpu: CpuUse;
  /** The instances with nothing to do, before the warm-up. */
  idle: IdleUse;
  /** CPU over the one-at-a-time payments: the path's own cost with no queue (idle watcher passes included). */
  cpuOneAtATime: CpuUse;
  clockPolls: { made: number; failed: number };
  balances: Record<Chain, { expected: bigint; received: bigint }>;
  /** CPU profiles of the instances over the burst (--cpu-prof). */
  profiles: ProfileSummary[];
  /** The database's statements over the burst (pg_stat_statements). */
  statements: StatementUse;
};

const PREP_CONCURRENCY = 8;

function countsOf(instances: Instances): Counts {
  return { evm: Object.fromEntries(instances.evm.counts), solana: Object.fromEntries(instances.solana.counts) };
}

function newMerchant(sql: postgres.Sql, name: string) {
  const keys = {
    evmAddress: privateKeyToAccount(generatePrivateKey()).address,
    solanaAddress: Keypair.generate().publicKey.toBase58(),
  };
  return createMerchant(drizzle(sql, { schema }) as unknown as Db, { name, currency: "USD", ...keys }).then((m) => ({
    ...m,
    ...keys,
  }));
}

/**
 * Confirm `prepared` all at once and wait until each is final (or the timeout): for each, its
 * confirm's answer, when the bench got its final status (final-clock.ts) and its transaction.
 */
async function confirmAll(sql: postgres.Sql, prepared: Prepared[], timeoutMs: number): Promise<PaymentTimes[]> {
  const finals = await listenForFinals(
    sql,
    prepared.map((p) => p.paymentId),
  );
  const fired = await fireConfirms(prepared);
  await finals.wait(timeoutMs);
  const rows = await sql<
    { id: string; txHash: string | null }[]
  >`select id, tx_hash as "txHash" from payments where id = any(${prepared.map((p) => p.paymentId)})`;
  const hashes = new Map(rows.map((r) => [r.id, r.txHash ?? undefined]));
  return prepared.map((p, i) => ({
    ...p,
    ...fired[i]!,
    finalStatus: finals.status.get(p.paymentId),
    finalAt: finals.finalAt(p.paymentId),
    txHash: hashes.get(p.paymentId),
  }));
}

/**
 * One payment per chain per instance, paid to the end and left out of every figure: what a
 * service that has been up a while has done already (each process has read the token's EIP-712
 * domain and the mint's program, synced its relayer nonce, compiled the confirm route). Without
 * it, the first concurrent confirms of each process all miss those caches together.
 */
async function warmUp(
  devnet: DevnetInfo,
  sql: postgres.Sql,
  { appUrls, timeoutMs }: { appUrls: string[]; timeoutMs: number },
): Promise<void> {
  const warm = await preparePayments(devnet, {
    appUrls,
    merchant: await newMerchant(sql, "Settle Bench warm-up"),
    count: 2 * appUrls.length,
    concurrency: PREP_CONCURRENCY,
  });
  const failed = (await confirmAll(sql, warm, timeoutMs)).filter((p) => p.finalStatus !== "succeeded");
  if (failed.length)
    throw new Error(
      `warm-up: ${failed.length} of ${warm.length} payments did not succeed (${failed.map((p) => p.paymentId).join(", ")})`,
    );
  console.log(`warm-up: ${warm.length} payments (one per chain per instance) settled, left out of the figures`);
}

/**
 * Part 1 and 2: after a warm-up, `payments` payments prepared on the instances, then every confirm
 * fired at once; each timed from its confirm request to the notification of its final status
 * (final-clock.ts), the chain's own confirmation of its transaction timed by `clock`, RPC calls
 * counted at the proxies for the preparation and for confirm-to-final apart, CPU used meanwhile.
 * Ends with what the merchant holds on chain. Then, for reference, `oneAtATime` more payments
 * confirmed one after the other, each once the previous is final: the same path with no queue.
 */
export async function settle(
  devnet: DevnetInfo,
  {
    databaseUrl,
    instances,
    clock,
    run,
  }: {
    databaseUrl: string;
    instances: Instances;
    clock: ChainClock;
    run: {
      payments: number;
      oneAtATime: number;
      timeoutMs: number;
      cpuGroups: Record<string, number>;
      idleSeconds: number;
    };
  },
): Promise<Settled> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const appUrls = instances.servers.map((s) => s.url);
    // The first passes after a start catch up (the ledger's scans from their lookback): not idle yet.
    await new Promise((r) => setTimeout(r, 3000));
    // With --cpu-prof the idle window is profiled too: what the jobs cost when nothing happens.
    const idleProfiling = instances.inspectPorts.length ? await startCpuProfiles(instances.inspectPorts) : undefined;
    const idle = await measureIdle(sql, { database, groups: run.cpuGroups, seconds: run.idleSeconds });
    await idleProfiling?.stop(
      instances.inspectPorts.map((_, i) => join(ARTIFACTS, `bench-settle-app${i + 1}-idle.cpuprofile`)),
    );
    await warmUp(devnet, sql, { appUrls, timeoutMs: run.timeoutMs });
    instances.evm.resetCounts();
    instances.solana.resetCounts();
    const merchant = await newMerchant(sql, "Settle Bench");

    const prepStarted = performance.now();
    const prepared = await preparePayments(devnet, {
      appUrls,
      merchant,
      count: run.payments,
      concurrency: PREP_CONCURRENCY,
    });
    const prepSeconds = (performance.now() - prepStarted) / 1000;
    const prepCounts = countsOf(instances);
    console.log(
      `prepared ${prepared.length} payments in ${prepSeconds.toFixed(1)} s (create, options, fetch for Solana, sign)`,
    );
    instances.evm.resetCounts();
    instances.solana.resetCounts();

    clock.record(true);
    const cpuBefore = await sampleCpu(run.cpuGroups, sql, database);
    const counting = await startStatementCount(sql, database);
    const profiling = instances.inspectPorts.length ? await startCpuProfiles(instances.inspectPorts) : undefined;
    console.log(`firing ${prepared.length} confirms at once`);
    const payments = await confirmAll(sql, prepared, run.timeoutMs);
    const cpu = cpuBetween(cpuBefore, await sampleCpu(run.cpuGroups, sql, database));
    const statements = await counting.stop();
    const profiles =
      (await profiling?.stop(
        instances.inspectPorts.map((_, i) => join(ARTIFACTS, `bench-settle-app${i + 1}.cpuprofile`)),
      )) ?? [];
    const refused = payments.filter((f) => f.httpStatus !== 200);
    console.log(
      `confirms answered: ${payments.length - refused.length} x 200${refused.length ? `, ${refused.length} refused, e.g. ${refused[0]!.httpStatus} ${refused[0]!.error}` : ""}`,
    );
    // The last sends' confirmations, if any is still being polled.
    for (let i = 0; i < 100 && clock.outstanding() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    const confirmCounts = countsOf(instances);
    const clockPolls = clock.polls();
    const expected = (chain: Chain) =>
      prepared.filter((p) => p.chain === chain).reduce((sum, p) => sum + p.tokenAmount, 0n);
    const received = await merchantBalances(devnet, merchant);
    const balances = {
      evm: { expected: expected("evm"), received: received.evm },
      solana: { expected: expected("solana"), received: received.solana },
    };

    const single = await preparePayments(devnet, {
      appUrls,
      merchant: await newMerchant(sql, "Settle Bench one at a time"),
      count: run.oneAtATime,
      concurrency: PREP_CONCURRENCY,
    });
    const sequential: PaymentTimes[] = [];
    const cpuSingleBefore = await sampleCpu(run.cpuGroups, sql, database);
    for (const p of single) sequential.push(...(await confirmAll(sql, [p], run.timeoutMs)));
    const cpuOneAtATime = cpuBetween(cpuSingleBefore, await sampleCpu(run.cpuGroups, sql, database));
    clock.record(false);
    console.log(`one at a time: ${sequential.length} more payments confirmed, each after the previous was final`);
    return {
      payments,
      sequential,
      prepCounts,
      confirmCounts,
      prepSeconds,
      cpu,
      idle,
      cpuOneAtATime,
      clockPolls,
      balances,
      profiles,
      statements,
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The merchant's USDC on each chain, read from the chains themselves. */
async function merchantBalances(
  devnet: DevnetInfo,
  merchant: { evmAddress: Address; solanaAddress: string },
): Promise<Record<Chain, bigint>> {
  const usdc = devnet.evm.tokens.find((t) => t.symbol === "USDC")!;
  const evm = await createPublicClient({ transport: http(devnet.evm.rpcUrl) }).readContract({
    address: usdc.address as Address,
    abi: ERC20_ABI,
    functionName: "balanceOf",
    args: [merchant.evmAddress],
  });
  const mint = new PublicKey(devnet.solana.tokens.find((t) => t.symbol === "USDC")!.mint);
  const ata = getAssociatedTokenAddressSync(mint, new PublicKey(merchant.solanaAddress), true);
  const solana = await new Connection(devnet.solana.rpcUrl, "confirmed").getTokenAccountBalance(ata).then(
    (b) => BigInt(b.value.amount),
    () => 0n,
  );
  return { evm, solana };
}
