CREATE TABLE "sign_up_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_up_attempts_ip_idx" ON "sign_up_attempts" USING btree ("ip","created_at");