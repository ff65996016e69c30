import type postgres from "postgres";
import { getAddress } from "viem";
import type { DevnetInfo } from "@payment-service/devnet";

/** Open payments per merchant: 10 payments are one merchant's, 10,000 are 1,000 merchants'. */
const PAYMENTS_PER_MERCHANT = 10;

/** An option a transfer can pay: what the transfer must carry to bind to it. */
export type OpenOption = {
  paymentId: string;
  recipient: `0x${string}`;
  reference: `0x${string}`;
  amount: bigint;
  /** The token's contract, or undefined for the native coin. */
  token?: `0x${string}`;
};

export type SeededLevel = {
  payments: number;
  merchants: number;
  options: number;
  /** One option to pay for each of the first payments (USDT and ETH alternately), one merchant after another. */
  payable: OpenOption[];
  /** The bench merchants' receiving addresses, for plain (unbound) transfers. */
  addresses: `0x${string}`[];
};

/**
 * `count` pending payments on the devnet's anvil, as a wallet's options call leaves them: each
 * with a live quote for each EVM asset (USDC by EIP-3009, USDT by ERC-20 transfer, ETH as a value
 * transfer) to its merchant's receiving address, expiring in an hour; the payments spread over
 * count/10 merchants, each with an EVM address of its own. Set-based SQL, as bench-settle and
 * bench-listing seed: the scan reads these rows, not how they were made.
 */
export async function seedOpenPayments(
  sql: postgres.Sql,
  devnet: DevnetInfo,
  { count, payable }: { count: number; payable: number },
): Promise<SeededLevel> {
  const merchants = Math.ceil(count / PAYMENTS_PER_MERCHANT);
  const { chainId } = devnet.evm;
  const token = (symbol: string) => {
    const t = devnet.evm.tokens.find((x) => x.symbol === symbol);
    if (!t) throw new Error(`the devnet has no ${symbol}`);
    return `${chainId}/erc20:${t.address}`;
  };
  // Quote kinds: index, asset, method, amount base (unique amounts per payment).
  const kinds = [
    [0, token("USDC"), "eip3009", 1_000_000],
    [1, token("USDT"), "erc20_transfer", 1_000_000],
    [2, `${chainId}/slip44:60`, "native_transfer", 1_000_000_000_000_000],
  ] as const;
  const account = `${chainId}:${devnet.evm.buyers[0]!.address}`;
  // Ids of the app's shape (prefix and 22 characters), addresses and references unique to the level: the
  // levels share one chain, and a level's scan, starting behind the head, must not find the one before's money.
  const id = (prefix: string, n: string) => `'${prefix}_' || lpad('bd${count}n' || ${n}, 22, '0')`;
  const hashed = (what: string, n: string) =>
    `encode(sha256(('bench-detect ${count} ${what} ' || ${n})::bytea), 'hex')`;
  await sql.begin(async (tx) => {
    await tx.unsafe(
      `insert into merchants (id, name, currency, evm_address)
       select ${id("mer", "j")}, 'Detect bench ' || j, 'USD', '0x' || left(${hashed("merchant", "j")}, 40)
       from generate_series(0, $1::int - 1) j`,
      [merchants],
    );
    await tx.unsafe(
      `insert into payments (id, merchant_id, reference_id, fiat_currency, fiat_amount, status, expires_at)
       select ${id("pay", "i")}, ${id("mer", "(i % $2::int)")}, 'bench-detect-' || i, 'USD', 100 + i, 'pending', now() + interval '1 hour'
       from generate_series(0, $1::int - 1) i`,
      [count, merchants],
    );
    for (const [k, caip19, method, base] of kinds)
      await tx.unsafe(
        `insert into payment_options (id, payment_id, account, recipient, chain_id, token_caip19, method, token_amount, reference, valid_before, expires_at)
         select ${id("opt", `i || 'k${k}'`)}, p.id, $2, m.evm_address, $3, $4, $5, $6::numeric + i,
                '0x' || ${hashed(`reference ${k}`, "i")},
                extract(epoch from now())::int + 3600, now() + interval '1 hour'
         from generate_series(0, $1::int - 1) i
         join payments p on p.id = ${id("pay", "i")}
         join merchants m on m.id = p.merchant_id`,
        [count, account, chainId, caip19, method, base],
      );
  });
  // What autovacuum's analyze does soon after such inserts: the planner then knows the tables.
  await sql`analyze merchants, payments, payment_options`;

  const rows = await sql.unsafe<
    { payment_id: string; recipient: string; reference: string; amount: string; token_caip19: string }[]
  >(
    `select o.payment_id, o.recipient, o.reference, o.token_amount::text as amount, o.token_caip19
     from generate_series(0, $1::int - 1) i
     join payment_options o on o.id = ${id("opt", "i || 'k' || (1 + i % 2)")}
     order by i`,
    [Math.min(payable, count)],
  );
  const addresses = await sql.unsafe<{ evm_address: string }[]>(
    `select m.evm_address from generate_series(0, least($1::int, 20) - 1) j join merchants m on m.id = ${id("mer", "j")}`,
    [merchants],
  );
  return {
    payments: count,
    merchants,
    options: count * kinds.length,
    payable: rows.map((r) => ({
      paymentId: r.payment_id,
      recipient: getAddress(r.recipient),
      reference: r.reference as `0x${string}`,
      amount: BigInt(r.amount),
      token: r.token_caip19.includes("/erc20:") ? getAddress(r.token_caip19.split(":").at(-1)!) : undefined,
    })),
    addresses: addresses.map((a) => getAddress(a.evm_address)),
  };
}
