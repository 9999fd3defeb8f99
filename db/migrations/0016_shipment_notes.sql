-- A shipped event's note no longer repeats the carrier and tracking number in English ("Sameday, tracking
-- number AWB1. Two parcels"): the back office shows them from the order, in the page's language. Older
-- notes keep only what the owner wrote after them (or none).
UPDATE "order_events" AS e
SET "note" = NULLIF(regexp_replace(substr(e."note", length(o."carrier" || ', tracking number ' || o."tracking_number") + 1), '^\. ', ''), '')
FROM "orders" AS o
WHERE o."id" = e."order_id"
  AND e."to_status" = 'shipped'
  AND o."carrier" IS NOT NULL
  AND o."tracking_number" IS NOT NULL
  AND starts_with(e."note", o."carrier" || ', tracking number ' || o."tracking_number");
