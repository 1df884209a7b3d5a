-- A vending key's expiry: the last day the system derives decoder keys or issues key changes under it.
-- Null: the key does not expire within its base date. The key-change tokens that move a meter onto the
-- key carry the KEN this day gives, so the meter itself refuses tokens from a later block.
ALTER TABLE "vending_keys" ADD COLUMN IF NOT EXISTS "expires_on" date;
