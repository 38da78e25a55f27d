/** What a refused save, upload or delete says in the control center: one line, then the problems. */

/** Props of {@link ProblemsAlert}. */
export interface ProblemsAlertProps {
  /** The first line: what did not happen ("The rule was not deleted:"), or a failed call's message. */
  intro: string;
  /** The server's or the form's problems, one list item each; no list when empty. */
  problems: readonly string[];
  /** A class beside `cc-error`, for a screen's own layout. */
  className?: string;
}

/**
 * An alert (`role="alert"`, read out when it appears) with `intro` and the problems listed. Every
 * screen's refusal has this one shape, so staff read the same thing wherever a change was refused.
 */
export function ProblemsAlert({ intro, problems, className }: ProblemsAlertProps) {
  return (
    <div className={className ? `cc-error ${className}` : 'cc-error'} role="alert">
      <p>{intro}</p>
      {problems.length > 0 ? (
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
