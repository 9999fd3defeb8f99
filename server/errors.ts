import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { apiErrorSchema, type ApiErrorBody } from '../domain/contracts/api';

export type AppErrorKind = 'bad_request' | 'unauthorized' | 'not_found' | 'conflict' | 'too_many_requests' | 'payment_failed' | 'unavailable';

const statusOf: Record<AppErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  payment_failed: 502,
  unavailable: 503,
};

/** The one error type services throw; its message is safe to show to the visitor. */
export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    readonly code?: string,
    /** Seconds, sent as Retry-After with too_many_requests and unavailable. */
    readonly retryAfter?: number,
    /** What went wrong underneath (logged, never sent). */
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'AppError';
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

function validationMessage(error: { validation: { instancePath: string; message?: string }[] }) {
  const first = error.validation[0];
  if (!first) return 'The request is invalid.';
  // A body that is not an object at all (missing, an array, a string) says nothing useful by itself.
  if (first.instancePath === '/' && /expected object/i.test(first.message ?? '')) return 'The request body must be a JSON object.';
  return first.message ?? 'The request is invalid.';
}

/** Fastify's own body errors, reworded for people and answered as 400 like any other bad input. */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large (at most 64 KB).',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

/**
 * A route's response schemas: its success answers from domain/contracts, and the error contract for
 * every 4xx and 5xx, so no route can answer outside its contract.
 */
export function answers<T extends Record<number, $ZodType>>(success: T) {
  return { ...success, '4xx': apiErrorSchema, '5xx': apiErrorSchema };
}

/** Every error answers JSON `{ error, message, code? }` (ApiErrorBody); nothing internal reaches the client. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.cause) request.log.error({ err: error.cause }, error.message);
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
      return reply.status(statusOf[error.kind]).send({ error: error.kind, message: error.message, code: error.code } satisfies ApiErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ error: 'bad_request', message: validationMessage(error) });
    }
    const bodyError = BODY_ERRORS[error.code];
    if (bodyError) return reply.status(400).send({ error: 'bad_request', message: bodyError, code: error.code });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's other client errors (bad URL, unsupported method) carry safe messages.
      return reply.status(status).send({ error: 'bad_request', message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal', message: INTERNAL_ERROR_MESSAGE });
  });
}
