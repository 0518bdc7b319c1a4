import { z } from 'zod';

/**
 * Field rules every contract shares (issue 14 §5): ids are whole numbers from 1 to 2^31 - 1, strict
 * in a JSON body (no `true`, no "12") and read from text only in a path; text holds no control
 * character but newline and tab (PostgreSQL refuses NUL, and none belongs in a name or a note).
 */
export const idMax = 2_147_483_647;

/** An id in a JSON body: a number, nothing that only looks like one. */
export const idField = z
  .number({ error: 'id must be a whole number' })
  .int({ error: 'id must be a whole number' })
  .min(1, { error: 'id must be at least 1' })
  .max(idMax, { error: `id must be at most ${idMax}` });

/** An id in a URL path, where it can only come as text: digits only. */
export const idParam = z
  .string({ error: 'id must be a whole number' })
  .regex(/^\d{1,10}$/, { error: 'id must be a whole number' })
  .transform(Number)
  .pipe(idField);

/** Control characters but \t and \n (C0, DEL and C1). */
// eslint-disable-next-line no-control-regex
export const controlCharacters = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
export const hasControlCharacters = (value: string) => controlCharacters.test(value);
export const controlCharactersMessage = 'must not contain control characters (only newline and tab)';

/**
 * The first string anywhere in a JSON value (object keys included) that holds a control character,
 * as the dotted path of its field; null when none does. The gateway runs it on every body, query and
 * path before the route's schema, so no route can forget it.
 */
export function fieldWithControlCharacters(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return hasControlCharacters(value) ? path.join('.') : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithControlCharacters(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacters(key)) return [...path, key.replace(controlCharacters, '?')].join('.');
      const found = fieldWithControlCharacters(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** A YYYY-MM-DD that is a day of the calendar (JavaScript reads 2024-02-30 as March 1st; the database refuses it). */
export function isRealDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}
