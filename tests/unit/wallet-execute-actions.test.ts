import { WalletSignTransactionError } from "@solana/wallet-adapter-base";
import {
  Keypair,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type PublicKey,
} from "@solana/web3.js";
import { keccak256, toHex, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { isValidSignature } from "@/lib/chains/solana/ed25519";
import {
  evmSignerFromEip1193,
  executeActions,
  solanaSignerFromKeypair,
  solanaSignerFromSignTransaction,
  WalletFlowError,
  type EvmSigner,
  type SolanaSigner,
  type WalletRpcAction,
} from "@/lib/wallet";
import { recoverSigner, typedData, USDC } from "./wallet-typed-data";

const BASE = "eip155:8453";
const SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";

const rpc = (chainId: string, method: string, params: unknown[]): WalletRpcAction => ({
  type: "walletRpc",
  walletRpc: { chainId, method, params: JSON.stringify(params) },
});

/** An EIP-1193 wallet with a real key: signs typed data, signs transactions (hash = keccak of the signed tx), switches chains. */
function evmWallet(startChain = 8453) {
  const account = privateKeyToAccount(generatePrivateKey());
  const calls: string[] = [];
  let chain = startChain;
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      calls.push(method);
      const p = (params ?? []) as unknown[];
      if (method === "eth_chainId") return toHex(chain);
      if (method === "wallet_switchEthereumChain") {
        chain = Number((p[0] as { chainId: string }).chainId);
        return null;
      }
      if (method === "eth_signTypedData_v4") return account.signTypedData(JSON.parse(p[1] as string));
      if (method === "eth_sendTransaction") {
        const tx = p[0] as { to: Hex; data: Hex; value?: Hex };
        const raw = await account.signTransaction({
          chainId: chain,
          type: "eip1559",
          nonce: 0,
          gas: 100_000n,
          maxFeePerGas: 1n,
          maxPriorityFeePerGas: 1n,
          to: tx.to,
          data: tx.data,
          value: BigInt(tx.value ?? 0),
        });
        return keccak256(raw);
      }
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
    },
  };
  return { account, calls, provider, signer: evmSignerFromEip1193(provider), chain: () => chain };
}

const signTypedDataAction = (from: Hex) => rpc(BASE, "eth_signTypedData_v4", [from, JSON.stringify(typedData(from))]);
const sendTransactionAction = (from: Hex) =>
  rpc(BASE, "eth_sendTransaction", [{ from, to: USDC, data: "0xa9059cbb", value: "0x0" }]);

/** A real unsigned transfer as the service builds it: its fee payer signs first, the buyer second. */
function unsignedLegacy(buyer: PublicKey, feePayer = Keypair.generate().publicKey): string {
  const tx = new Transaction({ feePayer, recentBlockhash: Keypair.generate().publicKey.toBase58() });
  tx.add(SystemProgram.transfer({ fromPubkey: buyer, toPubkey: Keypair.generate().publicKey, lamports: 1_000 }));
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString("base64");
}

function unsignedV0(buyer: PublicKey, feePayer = Keypair.generate().publicKey): string {
  const message = new TransactionMessage({
    payerKey: feePayer,
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
    instructions: [
      SystemProgram.transfer({ fromPubkey: buyer, toPubkey: Keypair.generate().publicKey, lamports: 1_000 }),
    ],
  }).compileToV0Message();
  return Buffer.from(new VersionedTransaction(message).serialize()).toString("base64");
}

const signSolana = (transaction: string) => rpc(SOLANA, "solana_signTransaction", [{ transaction }]);

/** Records every call and every property read, to prove the client only ever asks to sign. */
function recordingSolanaSigner(keypair: Keypair) {
  const touched: string[] = [];
  const inner = solanaSignerFromKeypair(keypair);
  const signer = new Proxy(inner, {
    get(target, prop, receiver) {
      touched.push(String(prop));
      return Reflect.get(target, prop, receiver);
    },
  }) as SolanaSigner;
  return { signer, touched };
}

async function failure(run: Promise<unknown>): Promise<WalletFlowError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WalletFlowError);
  return error as WalletFlowError;
}

describe("executeActions (spec 4.5)", () => {
  it("rule 2: routes each action by the text before the first colon of its chainId", async () => {
    const evm = evmWallet();
    const buyer = Keypair.generate();
    const solana = recordingSolanaSigner(buyer);
    const results = await executeActions(
      [signSolana(unsignedLegacy(buyer.publicKey)), signTypedDataAction(evm.account.address)],
      { eip155: evm.signer, solana: solana.signer },
    );
    expect(solana.touched.filter((p) => p === "signTransaction")).toHaveLength(1);
    expect(evm.calls).toContain("eth_signTypedData_v4");
    expect(Transaction.from(Buffer.from(results[0]!, "base64")).signatures).toHaveLength(2);
    expect(results[1]).toMatch(/^0x[0-9a-f]{130}$/);
  });

  it("rule 2: an unsupported namespace is an error, and no signer is asked", async () => {
    const evm = evmWallet();
    const solana = recordingSolanaSigner(Keypair.generate());
    for (const chainId of ["cosmos:cosmoshub-4", "eip155x:1", "bip122:000000000019d6689c085ae165831e93"]) {
      const error = await failure(
        executeActions([rpc(chainId, "eth_signTypedData_v4", [])], { eip155: evm.signer, solana: solana.signer }),
      );
      expect(error.code).toBe("unsupported_namespace");
    }
    // No colon, no namespace: malformed rather than guessed.
    expect(
      (await failure(executeActions([rpc("eip155", "eth_signTypedData_v4", [])], { eip155: evm.signer }))).code,
    ).toBe("invalid_action");
    expect(evm.calls).toEqual([]);
    expect(solana.touched).toEqual([]);
  });

  it("rule 3: a Solana action without a Solana signer raises and is never skipped", async () => {
    const evm = evmWallet();
    const actions = [
      signTypedDataAction(evm.account.address),
      signSolana(unsignedLegacy(Keypair.generate().publicKey)),
    ];
    const error = await failure(executeActions(actions, { eip155: evm.signer }));
    expect(error.code).toBe("no_signer");
    expect(error.message).toMatch(/Solana/);
  });

  it("rule 4: unwraps [{transaction}], and the result is the whole signed transaction in base64, never a detached signature", async () => {
    const buyer = Keypair.generate();
    const feePayer = Keypair.generate().publicKey;
    const unsigned = unsignedLegacy(buyer.publicKey, feePayer);
    const [result] = await executeActions([signSolana(unsigned)], { solana: solanaSignerFromKeypair(buyer) });

    const bytes = Buffer.from(result!, "base64");
    expect(bytes.length).toBeGreaterThan(64 * 2);
    const signed = Transaction.from(bytes);
    const original = Transaction.from(Buffer.from(unsigned, "base64"));
    expect(signed.serializeMessage().equals(original.serializeMessage())).toBe(true);
    const mine = signed.signatures.find((s) => s.publicKey.equals(buyer.publicKey))!;
    expect(mine.signature).not.toBeNull();
    expect(isValidSignature(mine.signature!, signed.serializeMessage(), buyer.publicKey)).toBe(true);
    // The fee payer's slot is left for the service to fill.
    expect(signed.signatures.find((s) => s.publicKey.equals(feePayer))!.signature).toBeNull();
  });

  it("rule 4: signs a v0 transaction as well", async () => {
    const buyer = Keypair.generate();
    const unsigned = unsignedV0(buyer.publicKey);
    const [result] = await executeActions([signSolana(unsigned)], { solana: solanaSignerFromKeypair(buyer) });
    const signed = VersionedTransaction.deserialize(Buffer.from(result!, "base64"));
    const original = VersionedTransaction.deserialize(Buffer.from(unsigned, "base64"));
    expect(Buffer.from(signed.message.serialize()).equals(Buffer.from(original.message.serialize()))).toBe(true);
    const index = signed.message.staticAccountKeys.findIndex((k) => k.equals(buyer.publicKey));
    expect(isValidSignature(signed.signatures[index]!, signed.message.serialize(), buyer.publicKey)).toBe(true);
  });

  it("rule 4: refuses a signer that answers a detached signature, another transaction, or the unsigned one", async () => {
    const buyer = Keypair.generate();
    const unsigned = unsignedLegacy(buyer.publicKey);
    const detached: SolanaSigner = {
      async signTransaction(bytes) {
        const tx = Transaction.from(bytes);
        tx.partialSign(buyer);
        return new Uint8Array(tx.signatures.find((s) => s.publicKey.equals(buyer.publicKey))!.signature!);
      },
    };
    const other: SolanaSigner = {
      signTransaction: () =>
        solanaSignerFromKeypair(buyer).signTransaction(Buffer.from(unsignedLegacy(buyer.publicKey), "base64"), SOLANA),
    };
    const untouched: SolanaSigner = { signTransaction: async (bytes) => bytes };
    for (const signer of [detached, other, untouched]) {
      expect((await failure(executeActions([signSolana(unsigned)], { solana: signer }))).code).toBe("invalid_result");
    }
  });

  it("rule 4: params that are not the array-wrapped transaction are an invalid action", async () => {
    const solana = solanaSignerFromKeypair(Keypair.generate());
    const transaction = unsignedLegacy(Keypair.generate().publicKey);
    for (const params of [
      { transaction },
      [transaction],
      [{ transaction: "not base64!" }],
      [{ transaction: "AAAA" }],
    ]) {
      const action: WalletRpcAction = {
        type: "walletRpc",
        walletRpc: { chainId: SOLANA, method: "solana_signTransaction", params: JSON.stringify(params) },
      };
      expect((await failure(executeActions([action], { solana }))).code).toBe("invalid_action");
    }
  });

  it("rule 5: the Solana signer is only ever asked to sign; solana_signAndSendTransaction is refused", async () => {
    const buyer = Keypair.generate();
    const solana = recordingSolanaSigner(buyer);
    await executeActions([signSolana(unsignedLegacy(buyer.publicKey))], { solana: solana.signer });
    expect(new Set(solana.touched)).toEqual(new Set(["signTransaction"]));

    const again = recordingSolanaSigner(buyer);
    const send = rpc(SOLANA, "solana_signAndSendTransaction", [{ transaction: unsignedLegacy(buyer.publicKey) }]);
    expect((await failure(executeActions([send], { solana: again.signer }))).code).toBe("unknown_method");
    expect(again.touched).toEqual([]);
  });

  it("rule 6: an unknown method raises instead of leaving a hole in the results", async () => {
    const evm = evmWallet();
    const solana = solanaSignerFromKeypair(Keypair.generate());
    for (const unknown of [
      rpc(BASE, "personal_sign", ["0x00", evm.account.address]),
      rpc(BASE, "eth_sign", []),
      rpc(SOLANA, "solana_signMessage", [{ message: "aGk=" }]),
    ]) {
      const run = executeActions([signTypedDataAction(evm.account.address), unknown], { eip155: evm.signer, solana });
      expect((await failure(run)).code).toBe("unknown_method");
    }
  });

  it("rule 7: results keep the actions' order and length, EVM actions before a Solana action included", async () => {
    const evm = evmWallet();
    const buyer = Keypair.generate();
    const unsigned = unsignedLegacy(buyer.publicKey);
    const actions = [
      signTypedDataAction(evm.account.address),
      sendTransactionAction(evm.account.address),
      signSolana(unsigned),
    ];
    const results = await executeActions(actions, { eip155: evm.signer, solana: solanaSignerFromKeypair(buyer) });
    expect(results).toHaveLength(3);
    expect(await recoverSigner(evm.account.address, results[0])).toBe(evm.account.address);
    expect(results[1]).toMatch(/^0x[0-9a-f]{64}$/);
    expect(
      Transaction.from(Buffer.from(results[2]!, "base64"))
        .serializeMessage()
        .equals(Transaction.from(Buffer.from(unsigned, "base64")).serializeMessage()),
    ).toBe(true);
    expect(evm.calls.filter((m) => m.startsWith("eth_s"))).toEqual(["eth_signTypedData_v4", "eth_sendTransaction"]);
  });

  it("rule 8: eth_sendTransaction gives the transaction hash, eth_signTypedData_v4 the signature", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    let signedTx: Hex | undefined;
    const signer: EvmSigner = {
      async request({ method, params, chainId }) {
        if (method === "eth_signTypedData_v4") return account.signTypedData(JSON.parse(params[1] as string));
        const tx = params[0] as { to: Hex; data: Hex };
        signedTx = await account.signTransaction({
          chainId: Number(chainId.split(":")[1]),
          type: "eip1559",
          nonce: 7,
          gas: 90_000n,
          maxFeePerGas: 2n,
          maxPriorityFeePerGas: 1n,
          to: tx.to,
          data: tx.data,
        });
        return keccak256(signedTx);
      },
    };
    const [signature, hash] = await executeActions(
      [signTypedDataAction(account.address), sendTransactionAction(account.address)],
      { eip155: signer },
    );
    expect(await recoverSigner(account.address, signature)).toBe(account.address);
    expect(hash).toBe(keccak256(signedTx!));
  });

  it("rule 8: refuses an EVM answer of the wrong kind (a signature for a transaction, a hash for typed data)", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const answersSignature: EvmSigner = { request: async () => `0x${"1b".repeat(65)}` };
    expect(
      (await failure(executeActions([sendTransactionAction(account.address)], { eip155: answersSignature }))).code,
    ).toBe("invalid_result");
    const answersHash: EvmSigner = { request: async () => keccak256("0x01") };
    expect((await failure(executeActions([signTypedDataAction(account.address)], { eip155: answersHash }))).code).toBe(
      "invalid_result",
    );
  });

  it("rule 9: with both signers held, each action goes to the signer of its own chain", async () => {
    const evm = evmWallet();
    const buyer = Keypair.generate();
    const solana = recordingSolanaSigner(buyer);
    await executeActions([signSolana(unsignedLegacy(buyer.publicKey))], { eip155: evm.signer, solana: solana.signer });
    expect(evm.calls).toEqual([]);
    await executeActions([signTypedDataAction(evm.account.address)], { eip155: evm.signer, solana: solana.signer });
    expect(solana.touched.filter((p) => p === "signTransaction")).toHaveLength(1);
  });

  it("a buyer's rejection is user_rejected: EIP-1193 4001 and a wallet-adapter rejection; other failures are signer_failed", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const eip1193Reject: EvmSigner = {
      request: async () => Promise.reject(Object.assign(new Error("User rejected the request."), { code: 4001 })),
    };
    expect(
      (await failure(executeActions([signTypedDataAction(account.address)], { eip155: eip1193Reject }))).code,
    ).toBe("user_rejected");

    const buyer = Keypair.generate();
    const adapterReject = solanaSignerFromSignTransaction(async () => {
      throw new WalletSignTransactionError("User rejected the request.", { code: 4001 });
    });
    const rejected = await failure(
      executeActions([signSolana(unsignedLegacy(buyer.publicKey))], { solana: adapterReject }),
    );
    expect(rejected.code).toBe("user_rejected");
    expect(rejected.cause).toBeInstanceOf(WalletSignTransactionError);

    const broken = solanaSignerFromSignTransaction(async () => {
      throw new WalletSignTransactionError("Unexpected error");
    });
    expect(
      (await failure(executeActions([signSolana(unsignedLegacy(buyer.publicKey))], { solana: broken }))).code,
    ).toBe("signer_failed");
  });

  it("the EIP-1193 signer puts the wallet on the action's chain first, and fails as wrong_network when it cannot", async () => {
    const evm = evmWallet(1);
    await executeActions([signTypedDataAction(evm.account.address)], { eip155: evm.signer });
    expect(evm.chain()).toBe(8453);
    expect(evm.calls).toEqual(["eth_chainId", "wallet_switchEthereumChain", "eth_signTypedData_v4"]);

    const stuck = evmSignerFromEip1193({
      async request({ method }) {
        if (method === "eth_chainId") return "0x1";
        throw Object.assign(new Error("Unrecognized chain ID"), { code: 4902 });
      },
    });
    expect((await failure(executeActions([signTypedDataAction(evm.account.address)], { eip155: stuck }))).code).toBe(
      "wrong_network",
    );
  });
});
