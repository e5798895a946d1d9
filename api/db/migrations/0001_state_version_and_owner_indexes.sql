ALTER TABLE "profiles" ADD COLUMN "state_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "car_instances_user_car_idx" ON "car_instances" USING btree ("user_id","car_id");--> statement-breakpoint
CREATE INDEX "set_instances_user_set_idx" ON "set_instances" USING btree ("user_id","set_id");