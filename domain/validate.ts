import type { z } from 'zod';
import { ValidationError } from './errors.ts';

/** Parses with a zod schema; a failure is a ValidationError with a message per field path. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, what = 'input'): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || what;
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  throw new ValidationError(`the ${what} is not valid`, fields);
}
