import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { type DestinationStream, type LevelWithSilent, pino } from 'pino';

/**
 * What the log may hold: methods, paths, status codes, timings, the client's address, error types,
 * codes, messages and stack frames. Never cookies, authorization or signature headers, query
 * strings, request bodies, the values of a failed query, nor emails: see docs/operations.md, "Logs".
 */

const REDACTED = '[redacted]';

/**
 * Secrets and personal fields, wherever code logs an object holding them (headers, a body, an
 * order): the serializers below keep them out of the usual lines, these paths out of any other.
 */
const REDACT_PATHS = [
  ...['cookie', 'authorization', '["stripe-signature"]', '["set-cookie"]'].flatMap((header) => [`headers.${header}`, `*.headers.${header}`]),
  ...['body', 'password', 'email', 'customerEmail', 'firstName', 'lastName', 'phoneNumber', 'phone', 'street', 'streetNumber', 'addressLine2', 'postalCode', 'city', 'address', 'iban'].flatMap(
    (field) => [field, `*.${field}`],
  ),
];

const EMAIL = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+\.[a-z]{2,}/gi;
/** PostgreSQL quotes the value it could not read: invalid input syntax for type uuid: "…". */
const QUOTED_VALUE = /\b(for type [\w ]+|for enum [\w ]+|value):\s*"(?:[^"\\]|\\.)*"/gi;

/** A message or stack with any values taken out: what follows a failed query's "params:", quoted values, emails. */
export function scrubText(text: string): string {
  const withoutParams = text.split(/\nparams:/)[0]!;
  return withoutParams.replace(QUOTED_VALUE, `$1: "${REDACTED}"`).replace(EMAIL, '[email]');
}

/** Fields of an error that describe it without carrying data (PostgreSQL's own names the table, column, constraint). */
const SAFE_ERROR_FIELDS = ['code', 'kind', 'statusCode', 'retryAfter', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType'];

type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike => value instanceof Error || (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string');

/**
 * An error as the log shows it: type, message, stack frames, the safe fields and its causes. Never
 * the rest: drizzle's and the drivers' errors carry the failed query's parameters (`params`, and
 * in the message), PostgreSQL's `detail` quotes the values of the row (Key (email)=(…)).
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error;
  // drizzle's errors keep the generic name; PostgreSQL's (pg, PGlite) call themselves "error".
  const type = error.name && error.name !== 'Error' ? error.name : (error.constructor?.name ?? 'Error');
  const message = scrubText(error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: Record<string, unknown> = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = error[field];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[field] = value;
  }
  if (depth < 5) {
    if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
    if (Array.isArray(error.errors)) out.errors = error.errors.map((inner) => serializeError(inner, depth + 1));
  }
  return out;
}

/** The request line without its query string (GET /api/orders/:id?email=… names the customer). */
function serializeRequest(request: IncomingMessage & { ip?: string; host?: string }) {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  return {
    method: request.method,
    url: scrubText(query === -1 ? url : `${url.slice(0, query)}?${REDACTED}`),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** The app's logger (pino, JSON lines to stdout unless `destination` is given), used by Fastify and better-auth. */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): FastifyBaseLogger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: serializeError, req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * What a lost PostgreSQL connection says in the log, for openPostgres's events (the shop and the mail worker):
 * the error's code and the driver's message only, nothing about the queries or the customers behind them.
 */
export function postgresConnectionWarnings(warn: (fields: object, message: string) => void) {
  const fields = (error: Error) => ({ code: (error as { code?: unknown }).code, message: error.message });
  return {
    onConnectionError: (error: Error) => warn(fields(error), 'PostgreSQL connection lost; a new one is opened for the next query'),
    onListenerError: (error: Error) => warn(fields(error), 'PostgreSQL listening connection lost; reconnecting (the live order stream polls meanwhile)'),
  };
}
