import type postgres from "postgres";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { devnetNetworks } from "@/lib/chains/devnet-networks";
import type { DevnetInfo } from "@payment-service/devnet";

/** Rows of the watcher benchmark: `not_due` ids are numbered from 1, the due ones are `due` rows of their own. */
export type SeedTarget = { merchantId: string; account: string; recipient: string; chainId: string; caip19: string };

/** USDT (plain ERC-20, wallet-sent) on the devnet's anvil, paid by its first buyer to a fresh address. */
export function seedTarget(devnet: DevnetInfo, merchantId: string): SeedTarget {
  const evm = devnetNetworks(devnet).find((n) => n.chainId.startsWith("eip155:"))!;
  const usdt = evm.tokens.find((t) => t.symbol === "USDT")!;
  return {
    merchantId,
    account: `${evm.chainId}:${devnet.evm.buyers[0]!.address}`,
    recipient: privateKeyToAccount(generatePrivateKey()).address,
    chainId: evm.chainId,
    caip19: usdt.caip19,
  };
}

/**
 * Processing payments `from`..`to` of `kind` with their option and an open submission: a transfer
 * the buyer's wallet broadcast (a hash the chain does not know, a payer nonce far ahead, so each
 * check finds it still unseen and reschedules it). `not_due` rows are next checked in an hour, `due`
 * rows a second ago. Set-based SQL, as the app's own writes would leave them.
 */
export async function seedSubmissions(
  sql: postgres.Sql,
  { t, kind, from, to }: { t: SeedTarget; kind: "not_due" | "due"; from: number; to: number },
): Promise<void> {
  const tag = kind === "due" ? "wd" : "wn";
  const nextCheck = kind === "due" ? "now() - interval '1 second'" : "now() + interval '1 hour'";
  await sql.begin(async (tx) => {
    await tx.unsafe(
      `insert into payments (id, merchant_id, reference_id, fiat_currency, fiat_amount, status, expires_at, option_id, buyer_account, chain_id, token_caip19, token_amount, tx_hash, token_symbol, token_decimals)
       select 'pay_${tag}' || g, $1, 'watcher-${tag}-' || g, 'USD', 100, 'processing', now() + interval '1 hour', 'opt_${tag}' || g, $2, $3, $4, 1000000,
              '0x' || encode(sha256(('${tag} tx ' || g)::bytea), 'hex'), 'USDT', 6
       from generate_series($5::int, $6::int) g`,
      [t.merchantId, t.account, t.chainId, t.caip19, from, to],
    );
    await tx.unsafe(
      `insert into payment_options (id, payment_id, account, recipient, chain_id, token_caip19, method, token_amount, reference, valid_before, expires_at)
       select 'opt_${tag}' || g, 'pay_${tag}' || g, $1, $2, $3, $4, 'erc20_transfer', 1000000,
              '0x' || encode(sha256(('${tag} ref ' || g)::bytea), 'hex'), extract(epoch from now())::int + 3600, now() + interval '1 hour'
       from generate_series($5::int, $6::int) g`,
      [t.account, t.recipient, t.chainId, t.caip19, from, to],
    );
    await tx.unsafe(
      `insert into payment_submissions (payment_id, option_id, chain_id, kind, tx_hash, payer_nonce, next_check_at)
       select 'pay_${tag}' || g, 'opt_${tag}' || g, $1, 'wallet_sent', '0x' || encode(sha256(('${tag} tx ' || g)::bytea), 'hex'), 1000000000, ${nextCheck}
       from generate_series($2::int, $3::int) g`,
      [t.chainId, from, to],
    );
  });
  // What autovacuum's analyze would do soon after such an insert; the planner then knows the table.
  await sql`analyze payment_submissions`;
}

/** The due rows open and due again (as before the first check), or closed: out of every pass. */
export async function setDue(sql: postgres.Sql, open: boolean): Promise<void> {
  await sql.unsafe(
    open
      ? `update payment_submissions set state = 'open', next_check_at = now() - interval '1 second', checks = 0, unseen_since = null where payment_id like 'pay_wd%'`
      : `update payment_submissions set state = 'closed' where payment_id like 'pay_wd%'`,
  );
}
