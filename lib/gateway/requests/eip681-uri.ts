import { getAddress } from "viem";
import { isNativeAsset } from "@/lib/chains/caip";

/** What an EIP-681 request names: the chain, the token (its CAIP-19), who is paid and exactly how much. */
export type Eip681Terms = { chainId: string; asset: string; recipient: string; amount: bigint };

/**
 * The EIP-681 URI a phone wallet scans: `ethereum:<token>@<chain>/transfer?address=<merchant>&uint256=<amount>`
 * for an ERC-20, `ethereum:<merchant>@<chain>?value=<wei>` for the native coin. Amounts in base units as
 * plain integers (wallets differ on the scientific notation EIP-681 also allows), addresses checksummed.
 */
export function eip681Uri(terms: Eip681Terms): string {
  const chain = terms.chainId.slice(terms.chainId.indexOf(":") + 1);
  const recipient = getAddress(terms.recipient);
  if (isNativeAsset(terms.asset)) return `ethereum:${recipient}@${chain}?value=${terms.amount}`;
  const token = getAddress(terms.asset.slice(terms.asset.lastIndexOf(":") + 1));
  return `ethereum:${token}@${chain}/transfer?address=${recipient}&uint256=${terms.amount}`;
}

/**
 * How far above the quoted amount a request's unique amount may go, in base units: at most 1/1000 of
 * the amount and 10,000 units (a hundredth of a cent in a 6-decimal stablecoin), at least 1. The
 * offset is the merchant's (the buyer pays it), so it stays negligible, and it bounds how many open
 * requests one merchant can have at one price and asset at once.
 */
export function maxRequestOffset(amount: bigint): bigint {
  const tenth = amount / 1000n;
  return tenth < 1n ? 1n : tenth > 10_000n ? 10_000n : tenth;
}
