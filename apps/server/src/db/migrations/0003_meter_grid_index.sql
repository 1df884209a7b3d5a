DROP INDEX "meters_station_type_idx";--> statement-breakpoint
CREATE INDEX "meters_station_type_idx" ON "meters" USING btree ("station_id","type","status","meter_id");