import { describe, expect, it } from "vitest";
import { namespaceOf, parseAccountId, parseAssetId, parseChainId } from "@/lib/chains/caip";
import { networksFileSchema, rpcUrlsOf } from "@/lib/chains/network-config";

describe("CAIP identifiers", () => {
  it("parse chains, accounts and assets", () => {
    expect(parseChainId("eip155:8453")).toMatchObject({ namespace: "eip155", reference: "8453" });
    expect(
      parseAccountId("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"),
    ).toMatchObject({
      chain: { id: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" },
      address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
    });
    expect(parseAssetId("eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")).toMatchObject({
      chain: { id: "eip155:1" },
      assetNamespace: "erc20",
    });
    for (const bad of ["eip155", "EIP155:1", "eip155:1:", ":1", "eip155:1/erc20"]) {
      expect(parseChainId(bad) ?? parseAccountId(bad) ?? parseAssetId(bad), bad).toBeUndefined();
    }
    expect(namespaceOf("solana:abc")).toBe("solana");
  });
});

describe("networks file", () => {
  const base = {
    chainId: "eip155:8453",
    name: "Base",
    rpcUrl: "https://mainnet.base.org",
    tokens: [
      {
        caip19: "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        symbol: "USDC",
        name: "USD Coin",
        decimals: 6,
        eip3009: true,
        peggedTo: "USD",
      },
    ],
  };

  it("accepts a production config and fills defaults", () => {
    const parsed = networksFileSchema.parse({ networks: [base] });
    expect(parsed.networks[0]!.confirmations).toBe(1);
  });

  it("refuses a token of another chain, a bad RPC URL and an unknown peg", () => {
    const wrongChain = {
      ...base,
      tokens: [{ ...base.tokens[0]!, caip19: "eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" }],
    };
    expect(networksFileSchema.safeParse({ networks: [wrongChain] }).success).toBe(false);
    expect(networksFileSchema.safeParse({ networks: [{ ...base, rpcUrl: "ws://x" }] }).success).toBe(false);
    expect(
      networksFileSchema.safeParse({ networks: [{ ...base, tokens: [{ ...base.tokens[0]!, peggedTo: "XYZ" }] }] })
        .success,
    ).toBe(false);
  });

  it("takes rpcUrls (1 to 8 http(s) URLs, in order) or the one rpcUrl, never both or neither", () => {
    const { rpcUrl, ...noUrl } = base;
    const urls = ["https://a.example/v2/key", "https://b.example/?apikey=x"];
    const parsed = networksFileSchema.parse({ networks: [{ ...noUrl, rpcUrls: urls }, base] });
    expect(parsed.networks.map(rpcUrlsOf)).toEqual([urls, [rpcUrl]]);
    const refused = [
      noUrl,
      { ...base, rpcUrls: urls },
      { ...noUrl, rpcUrls: [] },
      { ...noUrl, rpcUrls: Array.from({ length: 9 }, (_, i) => `https://rpc${i}.example`) },
      { ...noUrl, rpcUrls: ["https://a.example", "wss://b.example"] },
      { ...noUrl, rpcUrls: ["https://a.example", "https://a.example"] },
    ];
    for (const network of refused)
      expect(networksFileSchema.safeParse({ networks: [network] }).success, JSON.stringify(network)).toBe(false);
  });

  it("takes the network's own coin as slip44, never with EIP-3009, and refuses other asset kinds", () => {
    const eth = { caip19: "eip155:8453/slip44:60", symbol: "ETH", name: "Ether", decimals: 18 };
    const parsed = networksFileSchema.parse({ networks: [{ ...base, tokens: [...base.tokens, eth] }] });
    expect(parsed.networks[0]!.tokens[1]).toMatchObject({ caip19: "eip155:8453/slip44:60", eip3009: false });
    const sol = {
      chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      name: "Solana",
      rpcUrl: "https://api.mainnet-beta.solana.com",
      tokens: [
        { caip19: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/slip44:501", symbol: "SOL", name: "Solana", decimals: 9 },
      ],
    };
    expect(networksFileSchema.safeParse({ networks: [sol] }).success).toBe(true);
    const refused = [
      { ...base, tokens: [{ ...eth, eip3009: true }] },
      { ...base, tokens: [{ ...eth, caip19: "eip155:8453/erc721:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" }] },
      { ...sol, tokens: [{ ...sol.tokens[0]!, caip19: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/erc20:0x1" }] },
    ];
    for (const network of refused) {
      expect(networksFileSchema.safeParse({ networks: [network] }).success, JSON.stringify(network.tokens)).toBe(false);
    }
  });

  it("takes price feeds quoted in USD on EVM networks, with a peg tolerance on tokens", () => {
    const feed = { pair: "EUR/USD", address: "0x0000000000000000000000000000000000000001", maxAgeSeconds: 3600 };
    const withFeeds = {
      ...base,
      priceFeeds: [feed, { ...feed, pair: "USDC/USD", maxDeviationBps: 50 }],
      tokens: [{ ...base.tokens[0]!, pegToleranceBps: 50 }],
    };
    expect(networksFileSchema.parse({ networks: [withFeeds] }).networks[0]!.priceFeeds).toHaveLength(2);
    const refused = [
      { ...base, priceFeeds: [{ ...feed, pair: "EUR/GBP" }] },
      { ...base, priceFeeds: [{ ...feed, address: "0x1" }] },
      { ...base, priceFeeds: [{ ...feed, maxAgeSeconds: 0 }] },
      { ...base, priceFeeds: [feed, feed] },
      { ...base, tokens: [{ ...base.tokens[0]!, pegToleranceBps: 10_001 }] },
      {
        chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        name: "Solana",
        rpcUrl: "https://api.mainnet-beta.solana.com",
        priceFeeds: [feed],
        tokens: [
          {
            caip19: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
            symbol: "USDC",
            name: "USD Coin",
            decimals: 6,
          },
        ],
      },
    ];
    for (const network of refused)
      expect(networksFileSchema.safeParse({ networks: [network] }).success, JSON.stringify(network)).toBe(false);
  });

  it("takes icons as http(s) URLs, data:image/ URLs or paths on this service, nothing else", () => {
    const withIcon = (iconUrl: string) =>
      networksFileSchema.safeParse({ networks: [{ ...base, iconUrl, tokens: [{ ...base.tokens[0]!, iconUrl }] }] })
        .success;
    for (const ok of [
      "https://cdn.example.com/usdc.svg",
      "http://localhost:3000/icons/base.svg",
      "/icons/usdc.svg",
      "data:image/png;base64,iVBORw0KGgo=",
    ])
      expect(withIcon(ok), ok).toBe(true);
    for (const bad of [
      "icons/usdc.svg",
      "//cdn.example.com/x.svg",
      "javascript:alert(1)",
      "ftp://x/y.svg",
      "https://x/a b.svg",
      "",
    ])
      expect(withIcon(bad), bad).toBe(false);
  });
});
