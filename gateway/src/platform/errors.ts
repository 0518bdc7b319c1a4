import type { ErrorBody } from '@insight/shared';
import { errorBodySchema, messages } from '@insight/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An expected refusal: the service throws it, the error handler answers with its status and message. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message: string = messages.session.required) => new HttpError(401, message);
export const forbidden = (message: string = messages.session.forbidden) => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/**
 * The refusals a route may answer, each in the one error body: spread into every route's response
 * schema beside its 200 (`{ 200: okSchema, ...refusals }`).
 */
export const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
};

function body(msg: string, field?: string): ErrorBody {
  return field === undefined ? { status: false, msg } : { status: false, msg, field };
}

/**
 * One error shape for every route: `{status: false, msg, field?}`. Validation failures name the
 * field; 5xx answers hide their details, which go to the log.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send(body(error.message, error.field));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const part = (error as FastifyError).validationContext ?? 'body';
        const pathInPart = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
        const field = pathInPart === '' ? part : pathInPart;
        const missingBody = field === 'body' && /received (null|undefined)/.test(first?.message ?? '');
        const message = missingBody ? 'a JSON body is required' : (first?.message ?? 'Invalid input');
        return reply.status(400).send(body(`${field}: ${message}`, field));
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send(body(messages.server.internal));
      }
      // Fastify's own 4xx (bad JSON, too large, wrong content type): its message is safe to show.
      return reply.status(status).send(body(error.message));
    });
  },
  { name: 'errors' },
);
