ALTER TABLE "key_campaign_meters" ADD COLUMN "task_ids" jsonb;
