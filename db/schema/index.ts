export * from "./merchants";
export * from "./api-keys";
export * from "./payments";
export * from "./idempotency-keys";
