DROP INDEX IF EXISTS "channel_messages_meter_idx";
