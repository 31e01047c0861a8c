CREATE TABLE "rate_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_events" (
	"id" text PRIMARY KEY NOT NULL,
	"system_id" text NOT NULL,
	"business_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "systems" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'requires_setup' NOT NULL,
	"phone_number" text,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"provider_ref" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"setup" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "timeline_items" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "timeline_items" ADD COLUMN "system_id" text;--> statement-breakpoint
ALTER TABLE "system_events" ADD CONSTRAINT "system_events_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_events" ADD CONSTRAINT "system_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "systems" ADD CONSTRAINT "systems_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "systems" ADD CONSTRAINT "systems_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_events_system" ON "system_events" USING btree ("system_id","created_at");--> statement-breakpoint
CREATE INDEX "systems_business" ON "systems" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "systems_phone_number" ON "systems" USING btree ("phone_number") WHERE phone_number is not null and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "timeline_external_id" ON "timeline_items" USING btree ("business_id","external_id") WHERE external_id is not null;