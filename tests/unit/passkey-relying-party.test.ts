import { describe, expect, it } from "vitest";
import { relyingParty } from "@/lib/users/passkeys/relying-party";

describe("the passkeys' relying party", () => {
  it("is the host of PUBLIC_BASE_URL and its origin", () => {
    expect(relyingParty("https://pay.example.com")).toEqual({
      id: "pay.example.com",
      name: "pay.example.com",
      origin: "https://pay.example.com",
    });
    expect(relyingParty("https://pay.example.com:8443")).toMatchObject({
      id: "pay.example.com",
      origin: "https://pay.example.com:8443",
    });
    expect(relyingParty("http://localhost:3000")).toMatchObject({ id: "localhost", origin: "http://localhost:3000" });
  });

  it("speaks as localhost on the same port for a loopback address, which browsers refuse as an RP ID", () => {
    expect(relyingParty("http://127.0.0.1:4123")).toEqual({
      id: "localhost",
      name: "localhost:4123",
      origin: "http://localhost:4123",
    });
    expect(relyingParty("http://[::1]:4123")).toMatchObject({ id: "localhost", origin: "http://localhost:4123" });
  });
});
