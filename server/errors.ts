import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { type ApiErrorBody, apiErrorSchema } from '../domain/contracts/api';
import { issueValues } from '../domain/issueValues';
import type { MessageId } from '../locales/messages';
import { type Message, requestLocale, translate } from './i18n';

export type AppErrorKind = 'bad_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_many_requests' | 'payment_failed' | 'unavailable';

const statusOf: Record<AppErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  payment_failed: 502,
  unavailable: 503,
};

/**
 * The one error type services throw; its message is safe to show to the visitor: a catalogue key (with
 * its values), answered in the visitor's language, or a text already worded.
 */
export class AppError extends Error {
  readonly values?: Record<string, unknown>;
  /** An outside service's refusal field by field: each field's name (a catalogue key) and what the service said. */
  fields?: { field: MessageId; message: string }[];

  constructor(
    readonly kind: AppErrorKind,
    message: string | Message,
    readonly code?: string,
    /** Seconds, sent as Retry-After with too_many_requests and unavailable. */
    readonly retryAfter?: number,
    /** What went wrong underneath (logged, never sent). */
    cause?: unknown,
  ) {
    super(typeof message === 'string' ? message : message.id, { cause });
    this.name = 'AppError';
    if (typeof message !== 'string') this.values = message.values;
  }
}

export const INTERNAL_ERROR_MESSAGE: MessageId = 'error.internal';

/** Seconds a visitor (or a client library) should wait while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** Node's socket errors for a server that is down, restarting or out of reach. */
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down). */
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** node-postgres' own messages for a lost or never-made connection (they carry no code). */
const UNREACHABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * True when the error (or what it wraps: Drizzle wraps driver errors in `cause`, Node wraps a
 * refused dual-stack connect in an AggregateError) means the database cannot be reached: the
 * request may simply be tried again once it is back.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_ERRNOS.has(code) || UNREACHABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (UNREACHABLE_MESSAGES.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(error.cause, depth + 1);
}

/** The driver error underneath, reduced to what is safe to log (no query, no parameters: they hold customers' data). */
function connectionFailure(error: unknown, depth = 0): { code?: string; message: string } {
  if (error instanceof Error && error.cause instanceof Error && depth < 5) return connectionFailure(error.cause, depth + 1);
  const code = (error as { code?: unknown }).code;
  return { code: typeof code === 'string' ? code : undefined, message: error instanceof Error ? error.message : String(error) };
}

/** The first problem's message (a catalogue key where the form shows it too) and its values (the issue's, held in `params`). */
function validationMessage(error: { validation: { instancePath: string; message?: string; params?: object }[] }): [string, Record<string, unknown>?] {
  const first = error.validation[0];
  if (!first) return ['error.request.invalid' satisfies MessageId];
  // A body that is not an object at all (missing, an array, a string) says nothing useful by itself.
  if (first.instancePath === '/' && /expected object/i.test(first.message ?? '')) return ['error.request.notAnObject' satisfies MessageId];
  return [first.message ?? ('error.request.invalid' satisfies MessageId), issueValues(first.params ?? {})];
}

/** Fastify's own body errors, reworded for people and answered as 400 like any other bad input (a body too large: 413). */
const BODY_ERRORS: Record<string, MessageId> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'error.request.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'error.request.notJson',
  FST_ERR_CTP_INVALID_JSON_BODY: 'error.request.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'error.request.empty',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'error.request.contentLength',
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
    const inTheirLanguage = (text: string, values?: Record<string, unknown>) => translate(requestLocale(request), text, values);
    if (error instanceof AppError) {
      // The log reads in English, whatever the visitor's language.
      if (error.cause) request.log.error({ err: error.cause }, translate('en', error.message, error.values));
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
      const fields = error.fields?.map(({ field, message }) => ({ field: inTheirLanguage(field), message }));
      return reply
        .status(statusOf[error.kind])
        .send({ error: error.kind, message: inTheirLanguage(error.message, error.values), code: error.code, ...(fields ? { fields } : {}) } satisfies ApiErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A schema's message is a catalogue key where the form shows it too (domain/checkout.ts).
      return reply.status(400).send({ error: 'bad_request', message: inTheirLanguage(...validationMessage(error)) });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ database: connectionFailure(error) }, 'database unreachable');
      const placingOrder = request.method === 'POST' && request.routeOptions.url === '/api/orders';
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ error: 'unavailable', message: inTheirLanguage(placingOrder ? 'message.orderUnavailable' : 'message.shopUnavailable'), code: 'database_unavailable' });
    }
    const bodyError = BODY_ERRORS[error.code];
    if (bodyError) {
      const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
      return reply.status(tooLarge ? 413 : 400).send({ error: tooLarge ? 'too_large' : 'bad_request', message: inTheirLanguage(bodyError), code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's other client errors (bad URL, unsupported method) carry safe messages.
      return reply.status(status).send({ error: 'bad_request', message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal', message: inTheirLanguage(INTERNAL_ERROR_MESSAGE) });
  });
}
