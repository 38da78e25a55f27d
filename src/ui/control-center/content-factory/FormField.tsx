/**
 * One labelled control of a control-center form with its hint and problem inline, wired up for
 * screen readers: the content factory's forms and the article form (screens/ArticleFields.tsx).
 */
import type { ReactNode } from 'react';

/** What the control inside gets: its id and the accessibility attributes. */
export type FieldControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** A label, the control `children` renders, a hint and the field's problem. */
export function FormField({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: string; children: (props: FieldControlProps) => ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="cc-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint ? (
        <p className="cc-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="cc-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The first problem per top-level field of zod issues or of the server's `field: message` problems. */
export function problemsByField(problems: readonly { path: string; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { path, message } of problems) errors[path] ??= message;
  return errors;
}

/** The server's `field: message` problems (`topics[0]: …` counts as topics), as path and message. */
export function serverProblems(lines: readonly string[]): { path: string; message: string }[] {
  return lines.flatMap((line) => {
    const match = /^(\w+)(?:\[\d+\])?(?:\.\S+)?: (.*)$/.exec(line);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- groups 1 and 2 are not optional, so a match fills them
    return match ? [{ path: match[1]!, message: match[2]! }] : [];
  });
}
