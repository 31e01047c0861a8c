ALTER TABLE "businesses" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill: the creator owns the business while still one of its admins; otherwise its
-- earliest active admin (the creator left or was demoted before owners existed).
UPDATE "businesses" AS "b" SET "owner_id" = COALESCE(
  (SELECT "bu"."user_id" FROM "business_users" AS "bu"
    WHERE "bu"."business_id" = "b"."id" AND "bu"."user_id" = "b"."created_by" AND "bu"."removed_at" IS NULL AND "bu"."permissions" ? 'admin' LIMIT 1),
  (SELECT "bu"."user_id" FROM "business_users" AS "bu"
    WHERE "bu"."business_id" = "b"."id" AND "bu"."removed_at" IS NULL AND "bu"."permissions" ? 'admin'
    ORDER BY "bu"."created_at", "bu"."id" LIMIT 1),
  "b"."created_by"
);
