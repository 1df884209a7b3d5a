-- An attempt's frames become arrays of hex frames, one element per frame, in the order exchanged; rows
-- written before held them as one text joined with " | ", split here once so nothing parses that text again.
ALTER TABLE "remote_task_attempts" ADD COLUMN "send_frames" text[];--> statement-breakpoint
ALTER TABLE "remote_task_attempts" ADD COLUMN "receive_frames" text[];--> statement-breakpoint
UPDATE "remote_task_attempts"
SET "send_frames" = regexp_split_to_array(btrim(nullif(btrim("send_frame"), '')), '\s*\|\s*'),
    "receive_frames" = regexp_split_to_array(btrim(nullif(btrim("receive_frame"), '')), '\s*\|\s*')
WHERE "send_frame" IS NOT NULL OR "receive_frame" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_task_attempts" DROP COLUMN "send_frame";--> statement-breakpoint
ALTER TABLE "remote_task_attempts" DROP COLUMN "receive_frame";
