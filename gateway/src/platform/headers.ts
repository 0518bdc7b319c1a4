import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of every answer. The built client loads only its own scripts, styles,
 * fonts and images and talks only to its own origin (the socket included); Chakra's emotion writes
 * <style> elements, hence 'unsafe-inline' for styles only. No script is ever inline or evaluated:
 * the client sets zod to jitless before any schema is built (client/src/csp.ts).
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Security headers on every answer (issue 14 §6), in the manner of @fastify/helmet: the CSP, no
 * framing, no MIME sniffing, no referrer sent to other origins, and HSTS when cookies are Secure
 * (that is, when the product is served over HTTPS).
 */
export const securityHeadersPlugin = fp(
  async (app, options: { hsts: boolean }) => {
    const headers: Record<string, string> = {
      'content-security-policy': contentSecurityPolicy,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-permitted-cross-domain-policies': 'none',
      ...(options.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    };
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'security-headers' },
);
