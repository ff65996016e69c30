/** The namespace of a CAIP-2 chain id or CAIP-10 account: the text before the first colon (spec 4.5 rule 2). */
export function namespaceOfChain(chainId: string): string {
  const colon = chainId.indexOf(":");
  return colon < 0 ? chainId : chainId.slice(0, colon);
}
