import { z } from 'zod';

/**
 * Runs before anything else in the bundle (main.tsx imports it first): zod builds its fast parsers
 * with `new Function`, which the Content-Security-Policy (script-src 'self', no 'unsafe-eval')
 * refuses and reports. Jitless, zod never tries; it must be set before the first schema is built.
 */
z.config({ jitless: true });
