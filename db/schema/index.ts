export * from "./merchants";
export * from "./api-keys";
export * from "./payments";
export * from "./idempotency-keys";
export * from "./merchant-stats";
export * from "./server-secrets";
export * from "./payment-options";
