CREATE TABLE "action_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"action_id" text NOT NULL,
	"customer_id" text,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"occurrence" integer DEFAULT 0 NOT NULL,
	"triggered_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"item_id" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "actions" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"interval" text NOT NULL,
	"interval_minutes" integer NOT NULL,
	"repeat" boolean DEFAULT false NOT NULL,
	"trigger" text NOT NULL,
	"trigger_status" text,
	"kind" text NOT NULL,
	"template" text,
	"assignee_id" text,
	"target_status" text,
	"per_customer_limit" integer DEFAULT 1 NOT NULL,
	"opening_hours_only" boolean DEFAULT true NOT NULL,
	"stop_on_reply" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"conversation_id" text,
	"created_by" text,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "action_runs" ADD CONSTRAINT "action_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_runs" ADD CONSTRAINT "action_runs_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_runs" ADD CONSTRAINT "action_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "action_runs_once" ON "action_runs" USING btree ("action_id","subject_type","subject_id","occurrence");--> statement-breakpoint
CREATE INDEX "action_runs_due" ON "action_runs" USING btree ("due_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "action_runs_action_created" ON "action_runs" USING btree ("action_id","created_at");--> statement-breakpoint
CREATE INDEX "action_runs_customer" ON "action_runs" USING btree ("business_id","customer_id","finished_at");--> statement-breakpoint
CREATE INDEX "actions_business_created" ON "actions" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "actions_ready_made_once" ON "actions" USING btree ("business_id","key") WHERE key is not null;--> statement-breakpoint
CREATE INDEX "actions_active_trigger" ON "actions" USING btree ("trigger") WHERE status = 'active' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_business_created" ON "orders" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_business_customer" ON "orders" USING btree ("business_id","customer_id");--> statement-breakpoint
CREATE INDEX "orders_business_status" ON "orders" USING btree ("business_id","status");