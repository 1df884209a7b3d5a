DROP INDEX "meter_daily_data_station_date_idx";--> statement-breakpoint
DROP INDEX "meter_daily_data_date_idx";--> statement-breakpoint
DROP INDEX "meter_hourly_data_station_time_idx";--> statement-breakpoint
DROP INDEX "meter_monthly_data_station_date_idx";--> statement-breakpoint
DROP INDEX "water_daily_data_station_date_idx";--> statement-breakpoint
CREATE INDEX "meter_hourly_data_time_idx" ON "meter_hourly_data" USING btree ("reading_time","meter_id");--> statement-breakpoint
CREATE INDEX "meter_monthly_data_date_idx" ON "meter_monthly_data" USING btree ("reading_date" DESC NULLS FIRST,"meter_id");--> statement-breakpoint
CREATE INDEX "water_daily_data_date_idx" ON "water_daily_data" USING btree ("reading_date" DESC NULLS FIRST,"meter_id");--> statement-breakpoint
CREATE INDEX "meter_daily_data_station_date_idx" ON "meter_daily_data" USING btree ("station_id","reading_date" DESC NULLS FIRST,"meter_id");--> statement-breakpoint
CREATE INDEX "meter_daily_data_date_idx" ON "meter_daily_data" USING btree ("reading_date" DESC NULLS FIRST,"meter_id");--> statement-breakpoint
CREATE INDEX "meter_hourly_data_station_time_idx" ON "meter_hourly_data" USING btree ("station_id","reading_time","meter_id");--> statement-breakpoint
CREATE INDEX "meter_monthly_data_station_date_idx" ON "meter_monthly_data" USING btree ("station_id","reading_date" DESC NULLS FIRST,"meter_id");--> statement-breakpoint
CREATE INDEX "water_daily_data_station_date_idx" ON "water_daily_data" USING btree ("station_id","reading_date" DESC NULLS FIRST,"meter_id");