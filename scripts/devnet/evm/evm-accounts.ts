import { keccak256, toBytes, toHex, type Address, type Hex } from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";

export interface EvmKey {
  address: Address;
  privateKey: Hex;
}

// anvil funds the first accounts of this well-known mnemonic with 10,000 ETH each at genesis, so
// using them needs no funding step and gives the same addresses on every start.
const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

function anvilAccount(index: number): EvmKey {
  const hdKey = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey();
  if (!hdKey.privateKey) throw new Error(`no private key for anvil account ${index}`);
  const privateKey = toHex(hdKey.privateKey);
  return { address: privateKeyToAccount(privateKey).address, privateKey };
}

/** A key outside anvil's prefunded set, derived from a label so it is stable across restarts. */
function labelledAccount(label: string): EvmKey {
  const privateKey = keccak256(toBytes(`payment-service-devnet/evm/${label}`));
  return { address: privateKeyToAccount(privateKey).address, privateKey };
}

export interface EvmAccounts {
  /** Deploys the tokens (nonces 0 and 1, hence stable token addresses) and is their minter. */
  deployer: EvmKey;
  buyers: EvmKey[];
  /** Gas key of the payment service: pays for transferWithAuthorization, holds no tokens. */
  relayer: EvmKey;
  /** Deploys the price feeds (its own nonces, so their addresses are stable too) and moves them at start. */
  oracle: EvmKey;
  /** Fresh address with nothing on it, so every balance it shows came from a payment. */
  merchant: EvmKey;
}

export const BUYER_COUNT = 3;

export function evmAccounts(): EvmAccounts {
  return {
    deployer: anvilAccount(0),
    buyers: Array.from({ length: BUYER_COUNT }, (_, i) => anvilAccount(1 + i)),
    relayer: anvilAccount(1 + BUYER_COUNT),
    oracle: anvilAccount(2 + BUYER_COUNT),
    merchant: labelledAccount("merchant"),
  };
}
