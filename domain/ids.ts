/** A UUID as Postgres writes one (the ids of orders, invoices, return AWBs): checked before a query, which would refuse another. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
