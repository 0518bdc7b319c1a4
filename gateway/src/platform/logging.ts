import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Paths that carry a secret in the URL (the reset link's code): the secret never reaches a log. */
const secretInPath = /\/(reset-pass)\/[^/?#]+/g;
/** Query parameters that would carry a secret, whoever sends them. */
const secretParams = /([?&](?:code|token|auth_?token|validation_code|password)=)[^&#]*/gi;

export function redactUrl(url: string) {
  return url.replace(secretInPath, '/$1/[redacted]').replace(secretParams, '$1[redacted]');
}

/**
 * The gateway's logger: requests at info are one line each way without bodies, with secrets taken out
 * of URLs, and headers, body fields and errors that carry a secret censored wherever they appear.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["idempotency-key"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.new_pass',
        '*.validation_code',
        '*.authToken',
        '*.auth_token',
        '*.token',
        '*.code',
        '*.secret',
        '*.*.password',
        '*.*.validation_code',
        '*.*.authToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
