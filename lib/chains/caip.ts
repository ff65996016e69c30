/**
 * CAIP identifiers: CAIP-2 chains (`eip155:8453`), CAIP-10 accounts (`eip155:8453:0xabc…`) and
 * CAIP-19 assets (`eip155:8453/erc20:0x…`). The namespace is the text before the first colon.
 */
const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/;
const CAIP10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/;
const CAIP19 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})\/([-a-z0-9]{3,8}):([-.%a-zA-Z0-9]{1,128})$/;

export type ChainId = { namespace: string; reference: string; id: string };
export type AccountId = { chain: ChainId; address: string; id: string };
export type AssetId = { chain: ChainId; assetNamespace: string; assetReference: string; id: string };

export function parseChainId(value: string): ChainId | undefined {
  const m = CAIP2.exec(value);
  return m ? { namespace: m[1]!, reference: m[2]!, id: value } : undefined;
}

export function parseAccountId(value: string): AccountId | undefined {
  const m = CAIP10.exec(value);
  if (!m) return undefined;
  return { chain: { namespace: m[1]!, reference: m[2]!, id: `${m[1]}:${m[2]}` }, address: m[3]!, id: value };
}

export function parseAssetId(value: string): AssetId | undefined {
  const m = CAIP19.exec(value);
  if (!m) return undefined;
  return {
    chain: { namespace: m[1]!, reference: m[2]!, id: `${m[1]}:${m[2]}` },
    assetNamespace: m[3]!,
    assetReference: m[4]!,
    id: value,
  };
}

export function namespaceOf(chainId: string): string {
  const colon = chainId.indexOf(":");
  return colon < 0 ? chainId : chainId.slice(0, colon);
}

/**
 * A chain's own coin (ETH, SOL): CAIP-19 names it by its SLIP-44 coin type (`eip155:1/slip44:60`,
 * `solana:…/slip44:501`), where a token is named by its contract or mint.
 */
export function isNativeAsset(caip19: string): boolean {
  return parseAssetId(caip19)?.assetNamespace === "slip44";
}
