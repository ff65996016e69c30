import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

/**
 * A relayer key of its own, funded on the test devnet's anvil: servers on a separate database
 * must not share the main test server's relayer, since relayer nonces are allocated per database.
 */
export async function fundedRelayerKey(rpcUrl: string, wei = 10n ** 20n): Promise<`0x${string}`> {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "anvil_setBalance",
      params: [address, `0x${wei.toString(16)}`],
    }),
  });
  const body = (await res.json()) as { error?: unknown };
  if (body.error) throw new Error(`anvil_setBalance failed: ${JSON.stringify(body.error)}`);
  return key;
}
