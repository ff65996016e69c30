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
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { DevnetInfo } from "./devnet-info";

// Written from the standards, not from the compiled artifact, so the check also proves the
// contracts expose the interfaces that payment code will call.
const TOKEN_ABI = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function transfer(address to, uint256 value) returns (bool)",
  "function DOMAIN_SEPARATOR() view returns (bytes32)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
]);
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function expectRevert(run: () => Promise<unknown>, reason: string): Promise<void> {
  try {
    await run();
  } catch (error) {
    const text = error instanceof BaseError ? error.shortMessage + error.details : String(error);
    check(text.includes(reason), `expected revert "${reason}", got: ${text}`);
    return;
  }
  throw new Error(`expected revert "${reason}", but the call succeeded`);
}

export async function smokeEvm(info: DevnetInfo["evm"], step: (name: string) => void): Promise<void> {
  const chain = defineChain({
    id: info.chainIdNumber,
    name: "devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [info.rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(info.rpcUrl), pollingInterval: 20 });
  const walletFor = (key: `0x${string}`) =>
    createWalletClient({ chain, transport: http(info.rpcUrl), account: privateKeyToAccount(key) });
  const usdc = info.tokens.find((t) => t.symbol === "USDC" && t.eip3009)?.address;
  const usdt = info.tokens.find((t) => t.symbol === "USDT" && !t.eip3009)?.address;
  check(usdc && usdt, "devnet info lacks USDC (eip3009) or USDT (plain)");
  const buyer = info.buyers[0];
  check(buyer, "devnet info has no EVM buyer");
  const buyerAccount = privateKeyToAccount(buyer.privateKey);
  const relayer = walletFor(info.relayer.privateKey);
  const merchant = info.merchant.address;
  const balanceOf = (token: Address, owner: Address) =>
    publicClient.readContract({ address: token, abi: TOKEN_ABI, functionName: "balanceOf", args: [owner] });

  // (a) EIP-3009: the buyer signs off-chain, the relayer pays the gas.
  const value = 12_345_678n; // 12.345678 USDC
  const nonce = toHex(randomBytes(32));
  const validBefore = BigInt(Math.floor(Date.now() / 1000) + 3600);
  const message = { from: buyerAccount.address, to: merchant, value, validAfter: 0n, validBefore, nonce };
  const signature = await buyerAccount.signTypedData({
    domain: { name: "USD Coin", version: "2", chainId: info.chainIdNumber, verifyingContract: usdc },
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
  check(v !== undefined, "signature has no v");
  const args = [message.from, message.to, value, 0n, validBefore, nonce] as const;
  const before = await balanceOf(usdc, merchant);

  // A malleated twin (s -> n - s, v flipped) is just as valid to ecrecover; the token must refuse it.
  const highS = toHex(SECP256K1_N - BigInt(s), { size: 32 });
  await expectRevert(
    () =>
      publicClient.simulateContract({
        account: relayer.account,
        address: usdc,
        abi: TOKEN_ABI,
        functionName: "transferWithAuthorization",
        args: [...args, v === 27n ? 28 : 27, r, highS],
      }),
    "invalid signature 's' value",
  );
  const hash = await relayer.writeContract({
    address: usdc,
    abi: TOKEN_ABI,
    functionName: "transferWithAuthorization",
    args: [...args, Number(v), r, s],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  check(receipt.status === "success", `transferWithAuthorization failed: ${hash}`);
  check(receipt.from.toLowerCase() === relayer.account.address.toLowerCase(), "the relayer should have paid the gas");
  const after = await balanceOf(usdc, merchant);
  check(after - before === value, `merchant USDC rose by ${after - before}, expected ${value}`);
  const used = parseEventLogs({ abi: TOKEN_ABI, logs: receipt.logs, eventName: "AuthorizationUsed" });
  check(used.length === 1 && used[0]?.args.nonce === nonce, "AuthorizationUsed event missing");
  check(
    await publicClient.readContract({
      address: usdc,
      abi: TOKEN_ABI,
      functionName: "authorizationState",
      args: [buyerAccount.address, nonce],
    }),
    "authorizationState should be true",
  );
  // Replay through either overload must fail: the nonce is spent.
  await expectRevert(
    () =>
      publicClient.simulateContract({
        account: relayer.account,
        address: usdc,
        abi: TOKEN_ABI,
        functionName: "transferWithAuthorization",
        args: [...args, signature],
      }),
    "authorization is used or canceled",
  );
  step(`evm: EIP-3009 transferWithAuthorization +${value} base units, replay and high-s rejected`);

  // (b) USDT has no EIP-3009: the buyer sends a plain transfer and pays gas.
  const buyerWallet = walletFor(buyer.privateKey);
  const amount = 5_000_000n;
  const usdtHash = await buyerWallet.writeContract({
    address: usdt,
    abi: TOKEN_ABI,
    functionName: "transfer",
    args: [merchant, amount],
  });
  const usdtReceipt = await publicClient.waitForTransactionReceipt({ hash: usdtHash });
  const transfers = parseEventLogs({ abi: TOKEN_ABI, logs: usdtReceipt.logs, eventName: "Transfer" });
  const log = transfers.find((l) => l.address.toLowerCase() === usdt.toLowerCase());
  check(usdtReceipt.status === "success" && log, "USDT transfer receipt has no Transfer log");
  check(log.args.to === merchant && log.args.value === amount, "USDT Transfer log has wrong recipient or value");
  step(`evm: USDT transfer ${amount} base units with Transfer log`);
}
