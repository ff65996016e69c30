import { randomBytes } from "node:crypto";
import {
  BaseError,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseAbi,
  parseEventLogs,
  parseSignature,
  toHex,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevnet, type Devnet, type EvmInfo } from "../index";

// Written from the standards, not from the compiled artifact, so the tests also prove the contracts
// expose the interfaces that payment code calls.
const TOKEN_ABI = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function transfer(address to, uint256 value) returns (bool)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
]);
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

let devnet: Devnet;
let evm: EvmInfo;

beforeAll(async () => {
  devnet = await startDevnet({ evmPort: 0, solanaPort: 0, quiet: true });
  evm = devnet.info.evm;
});
afterAll(() => devnet?.stop());

function clients() {
  const chain = defineChain({
    id: evm.chainIdNumber,
    name: "devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [evm.rpcUrl] } },
  });
  const reader = createPublicClient({ chain, transport: http(evm.rpcUrl), pollingInterval: 20 });
  const walletOf = (key: Hex) =>
    createWalletClient({ chain, transport: http(evm.rpcUrl), account: privateKeyToAccount(key) });
  const balanceOf = (token: Address, owner: Address) =>
    reader.readContract({ address: token, abi: TOKEN_ABI, functionName: "balanceOf", args: [owner] });
  return { reader, walletOf, balanceOf };
}

/** The revert reason a failed simulation carries, or a failure when the call went through. */
async function revertOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return error instanceof BaseError ? error.shortMessage + error.details : String(error);
  }
  throw new Error("expected a revert, but the call succeeded");
}

function tokenAddress(symbol: string, eip3009: boolean): Address {
  const token = evm.tokens.find((t) => t.symbol === symbol && t.eip3009 === eip3009);
  if (!token) throw new Error(`the devnet has no ${symbol} (eip3009: ${eip3009})`);
  return token.address;
}

describe("the devnet's EVM tokens", () => {
  it("USDC takes an EIP-3009 authorization signed by the buyer and relayed by another account, once", async () => {
    const { reader, walletOf, balanceOf } = clients();
    const usdc = tokenAddress("USDC", true);
    const buyer = privateKeyToAccount(evm.buyers[0]!.privateKey);
    const relayer = walletOf(evm.relayer.privateKey);
    const merchant = evm.merchant.address;
    const value = 12_345_678n;
    const nonce = toHex(randomBytes(32));
    const validBefore = BigInt(Math.floor(Date.now() / 1000) + 3600);
    const message = { from: buyer.address, to: merchant, value, validAfter: 0n, validBefore, nonce };
    const signature = await buyer.signTypedData({
      domain: { name: "USD Coin", version: "2", chainId: evm.chainIdNumber, verifyingContract: usdc },
      types: {
        TransferWithAuthorization: [
          { name: "from", type: "address" },
          { name: "to", type: "address" },
          { name: "value", type: "uint256" },
          { name: "validAfter", type: "uint256" },
          { name: "validBefore", type: "uint256" },
          { name: "nonce", type: "bytes32" },
        ],
      },
      primaryType: "TransferWithAuthorization",
      message,
    });
    const { r, s, v } = parseSignature(signature);
    const args = [buyer.address, merchant, value, 0n, validBefore, nonce] as const;
    const before = await balanceOf(usdc, merchant);

    // A malleated twin (s -> n - s, v flipped) is just as valid to ecrecover; the token must refuse it.
    const highS = toHex(SECP256K1_N - BigInt(s), { size: 32 });
    const malleated = reader.simulateContract({
      account: relayer.account,
      address: usdc,
      abi: TOKEN_ABI,
      functionName: "transferWithAuthorization",
      args: [...args, v === 27n ? 28 : 27, r, highS],
    });
    expect(await revertOf(malleated)).toContain("invalid signature 's' value");

    const hash = await relayer.writeContract({
      address: usdc,
      abi: TOKEN_ABI,
      functionName: "transferWithAuthorization",
      args: [...args, Number(v), r, s],
    });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(receipt.from.toLowerCase()).toBe(relayer.account.address.toLowerCase()); // the relayer paid the gas
    expect((await balanceOf(usdc, merchant)) - before).toBe(value);
    const used = parseEventLogs({ abi: TOKEN_ABI, logs: receipt.logs, eventName: "AuthorizationUsed" });
    expect(used.map((log) => log.args.nonce)).toEqual([nonce]);
    expect(
      await reader.readContract({
        address: usdc,
        abi: TOKEN_ABI,
        functionName: "authorizationState",
        args: [buyer.address, nonce],
      }),
    ).toBe(true);

    // The nonce is spent: a replay through the other overload (the signature as bytes) fails too.
    const replay = reader.simulateContract({
      account: relayer.account,
      address: usdc,
      abi: TOKEN_ABI,
      functionName: "transferWithAuthorization",
      args: [...args, signature],
    });
    expect(await revertOf(replay)).toContain("authorization is used or canceled");
  });

  it("USDT, a plain ERC-20, moves by the buyer's own transfer with a Transfer log", async () => {
    const { reader, walletOf, balanceOf } = clients();
    const usdt = tokenAddress("USDT", false);
    const merchant = evm.merchant.address;
    const amount = 5_000_000n;
    const before = await balanceOf(usdt, merchant);
    const hash = await walletOf(evm.buyers[1]!.privateKey).writeContract({
      address: usdt,
      abi: TOKEN_ABI,
      functionName: "transfer",
      args: [merchant, amount],
    });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    const transfers = parseEventLogs({ abi: TOKEN_ABI, logs: receipt.logs, eventName: "Transfer" });
    expect(transfers.map((log) => ({ token: log.address.toLowerCase(), ...log.args }))).toEqual([
      { token: usdt.toLowerCase(), from: evm.buyers[1]!.address, to: merchant, value: amount },
    ]);
    expect((await balanceOf(usdt, merchant)) - before).toBe(amount);
  });
});
