import type * as z from 'zod';

/**
 * One readable line per zod issue, naming where it is: `[0].properties.eventId: Required`
 * (array indexes in brackets, keys joined with dots); an issue about the whole value is its
 * message alone. The one format every 400 and CLI error uses.
 */
export function zodProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = formatPath(issue.path);
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`))
    .join('')
    .replace(/^\./, '');
}
