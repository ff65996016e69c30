import { hashDomain, type Address, type Hex } from "viem";
import { ChainRpcError } from "../chain-adapter";
import type { NetworkConfig, TokenConfig } from "../network-config";
import { ERC20_ABI } from "./erc20-abi";
import { evmClientFor, tokenAddressOf } from "./evm-client";
import { revertReasonOf, rpcOrThrow } from "./rpc-errors";

export type Eip712Domain = { name: string; version: string; chainId: number; verifyingContract: Address };

export const EIP712_DOMAIN_TYPES = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
] as const;

// A domain's separator, hashed once per process: every EIP-3009 confirm signs over it (eip3009-digest.ts).
const separators = new Map<string, Hex>();

/** The EIP-712 domain separator of `domain`: what a token's DOMAIN_SEPARATOR() returns for it. */
export function domainSeparatorOf(domain: Eip712Domain): Hex {
  const key = `${domain.chainId} ${domain.verifyingContract.toLowerCase()} ${domain.name} ${domain.version}`;
  let separator = separators.get(key);
  if (!separator) {
    separator = hashDomain({
      domain: { ...domain, chainId: BigInt(domain.chainId) },
      types: { EIP712Domain: EIP712_DOMAIN_TYPES },
    });
    separators.set(key, separator);
  }
  return separator;
}

// A token's domain never changes (name and version are constants of the deployed code); failed
// reads are not kept, so a node that was down is asked again next time.
const domains = new Map<string, Promise<Eip712Domain>>();

/**
 * The EIP-712 domain a token checks EIP-3009 signatures against: `name()`, `version()` ("1" when
 * the token has none), the chain and the contract. Verifies that it hashes to the token's own
 * `DOMAIN_SEPARATOR()`; throws ChainRpcError if not, since every signature over it would fail.
 */
export function readTokenDomainOrThrow(network: NetworkConfig, token: TokenConfig): Promise<Eip712Domain> {
  const key = `${network.rpcUrl} ${token.caip19}`;
  let domain = domains.get(key);
  if (!domain) {
    domain = readDomain(network, token);
    domains.set(key, domain);
    domain.catch(() => domains.delete(key));
  }
  return domain;
}

async function readDomain(network: NetworkConfig, token: TokenConfig): Promise<Eip712Domain> {
  const { chainId, publicClient } = evmClientFor(network);
  const address = tokenAddressOf(network, token);
  const read = <F extends "name" | "version" | "DOMAIN_SEPARATOR">(functionName: F) =>
    publicClient.readContract({ address, abi: ERC20_ABI, functionName });
  const [name, version, separator] = await Promise.all([
    rpcOrThrow(`${token.symbol} name()`, () => read("name")),
    rpcOrThrow(`${token.symbol} version()`, () =>
      // Tokens without version() (many EIP-2612 ones) sign over version "1"; only a revert means that.
      read("version").catch((error: unknown) => (revertReasonOf(error) === undefined ? Promise.reject(error) : "1")),
    ),
    rpcOrThrow(`${token.symbol} DOMAIN_SEPARATOR()`, () => read("DOMAIN_SEPARATOR")),
  ]);
  const domain: Eip712Domain = { name, version, chainId, verifyingContract: address };
  if (domainSeparatorOf(domain) !== separator) {
    throw new ChainRpcError(
      `${token.caip19}: EIP-712 domain (${name}, ${version}) does not match the token's DOMAIN_SEPARATOR()`,
    );
  }
  return domain;
}
