import * as z from 'zod/mini';

// domain/contracts/: the shape of every API answer, one file per area (this one for what belongs to
// none). The server answers through these schemas (Fastify response schemas) and the web client parses
// what it receives with them. They are kept apart from the pure rules in domain/ so that importing a
// rule never brings zod into the storefront's first load (see docs/decisions/0009-api-contracts.md).

/**
 * Every error the API answers: `error` is the kind (bad_request, not_found, …), `message` a text fit to
 * show the visitor, `code` a stable name for the case when there is one.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.optional(z.string()),
  /** An outside service's refusal, field by field: the field's name in the visitor's language and what it said. */
  fields: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** GET /api/health while the database answers (503 with an error body otherwise). */
export const healthSchema = z.object({ ok: z.literal(true) });
