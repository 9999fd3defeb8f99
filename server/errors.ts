import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export type AppErrorKind = 'bad_request' | 'not_found' | 'conflict' | 'unavailable';

const statusOf: Record<AppErrorKind, number> = {
  bad_request: 400,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
};

/** The one error type services throw; its message is safe to show to the visitor. */
export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

function validationMessage(error: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const first = error.validation[0];
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field ? `${field}: ${first?.message ?? 'is invalid'}` : (first?.message ?? 'The request is invalid.');
}

/** Every error answers JSON `{ error, message, code? }`; nothing internal reaches the client. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(statusOf[error.kind]).send({ error: error.kind, message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ error: 'bad_request', message: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) carry safe messages.
      return reply.status(status).send({ error: 'bad_request', message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal', message: INTERNAL_ERROR_MESSAGE });
  });
}
