CREATE TABLE "sms_opt_outs" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"phone" text NOT NULL,
	"keyword" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_opt_outs_business_phone" ON "sms_opt_outs" USING btree ("business_id","phone");