-- Hand-written (no drizzle schema: the table belongs to rate-limiter-flexible's RateLimiterPostgres,
-- which is told it exists and so runs no DDL itself). The columns are the library's own layout:
-- key = "<bucket>:<client address>", points used in the window, expire = window end in epoch ms.
-- UNLOGGED: counters of a one-minute window need no crash safety, and skipping the WAL keeps the
-- write on every limited request cheap; after a crash they simply start again from zero.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
