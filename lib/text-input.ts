/**
 * Text no field of ours takes, refused where a request first arrives (the API wrapper, the page wrapper, the
 * middleware) rather than by each handler: PostgreSQL refuses NUL in text outright (a 500 if it gets that far),
 * and no name, search or address holds a control character or half of a surrogate pair. Edge-safe.
 */

/** C0 controls, DEL and the C1 controls; tab, newline and return are allowed where `multiline` says so. */
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// One half of a surrogate pair alone: not a character at all, so it cannot be stored as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface TextOptions {
  /** A request body may hold a message of several lines (a help form): tab, newline and return are allowed. */
  multiline?: boolean;
}

/** What is wrong with one string, in words that follow its field's name, or null when it is fine. */
function textProblem(value: string, options: TextOptions = {}): string | null {
  if ((options.multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(value)) return 'must not contain control characters';
  if (LONE_SURROGATE.test(value)) return 'is not valid text';
  return null;
}

export interface UnsafeText {
  /** The field's path (`q`, `address.city`, `items.0`), as the API's 400 answers name it. */
  field: string;
  message: string;
}

/** How deep a request body may nest: none of ours goes past 3, and a walk of 30,000 levels would end the stack. */
const MAX_NESTING = 32;

/**
 * The first string in a parsed query, body or path (keys too) that no field takes, named by its path, or a body
 * nested deeper than MAX_NESTING; null when all is fine. Walks without recursion, in document order.
 */
export function findUnsafeText(value: unknown, options: TextOptions = {}): UnsafeText | null {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: item, path } = pending.pop()!;
    const field = path.join('.') || 'body';
    if (typeof item === 'string') {
      const problem = textProblem(item, options);
      if (problem) return { field, message: `${field}: ${problem}` };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (path.length >= MAX_NESTING) return { field, message: `${field}: is nested too deeply` };
    const entries = Object.entries(item as Record<string, unknown>);
    for (const [key] of entries) {
      // A key is named in the answer, so it is checked (and shown) without the characters that made it wrong.
      const keyProblem = textProblem(key);
      if (keyProblem) {
        const shown = [...path, key.replace(/[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/g, '?')].join('.');
        return { field: shown, message: `${shown}: the name ${keyProblem}` };
      }
    }
    for (let i = entries.length - 1; i >= 0; i -= 1) pending.push({ value: entries[i][1], path: [...path, entries[i][0]] });
  }
  return null;
}
