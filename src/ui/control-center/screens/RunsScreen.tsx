/**
 * `/branches/{b}/content-factory/runs`: the branch's runs with their progress, and the
 * form asking for drafts: an author, how many, topics or keywords, a template and, optionally, a
 * cron schedule. A new run opens its own screen.
 */
import { useState, type FormEvent } from 'react';
import { CC_AUTHORS_LIST, CC_RUN_CREATE, CC_RUNS_LIST } from '../../../core/contract/cc-content-factory.ts';
import { ARTICLE_TEMPLATES, CONTENT_FACTORY_LIMITS, RunRequestSchema } from '../../../core/control-center/content-factory.ts';
import { href } from '../../../core/router/route-patterns.ts';
import { callControlCenter, ControlCenterApiError } from '../api-client.ts';
import { FormField, problemsByField, serverProblems } from '../content-factory/FormField.tsx';
import { countsText, scheduleText } from '../content-factory/run-status.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';

/** A run's screen. */

/** The runs table and the new-run form. */
export default function RunsScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const runs = useCall(branch, () => callControlCenter(CC_RUNS_LIST, { params: { branch } }));
  const authors = useCall(`authors/${branch}`, () => callControlCenter(CC_AUTHORS_LIST, { params: { branch } }).then((answer) => answer.authors));
  return (
    <div className="cc-runs">
      {runs.status === 'loading' ? <p aria-live="polite">Loading runs…</p> : null}
      {runs.status === 'failed' ? <CallFailure error={runs.error} /> : null}
      {runs.status === 'done' && runs.value.runs.length === 0 ? <p>No runs yet.</p> : null}
      {runs.status === 'done' && runs.value.runs.length > 0 ? (
        <div className="cc-table-wrap">
          <table className="cc-table">
            <caption>Runs of {branch}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col">Author</th>
                <th scope="col">Template</th>
                <th scope="col">Topics</th>
                <th scope="col">When</th>
                <th scope="col">Drafts</th>
              </tr>
            </thead>
            <tbody>
              {runs.value.runs.map((run) => (
                <tr key={run.id}>
                  <th scope="row">
                    <a href={href('cc-content-factory-run', { branch, run: String(run.id) })}>Run {run.id}</a>
                  </th>
                  <td>{run.authorName}</td>
                  <td>{run.template}</td>
                  <td>{run.topics.join(', ')}</td>
                  <td>{scheduleText(run)}</td>
                  <td>{countsText(run.counts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {authors.status === 'failed' ? <CallFailure error={authors.error} /> : null}
      {authors.status === 'done' && authors.value.length === 0 ? (
        <p>
          A run needs an author: <a href={href('cc-content-factory-authors', { branch })}>add one</a> first.
        </p>
      ) : null}
      {authors.status === 'done' && authors.value.length > 0 ? <NewRun branch={branch} authors={authors.value} /> : null}
    </div>
  );
}

/** Asks for drafts; opens the new run's screen. */
function NewRun({ branch, authors }: { branch: string; authors: readonly { id: number; name: string }[] }) {
  const [values, setValues] = useState({ authorId: String(authors[0]?.id ?? ''), count: '3', topics: '', template: 'how-to', schedule: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Error>();
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    const request = {
      authorId: Number(values.authorId),
      count: Number(values.count),
      topics: values.topics
        .split('\n')
        .map((topic) => topic.trim())
        .filter(Boolean),
      template: values.template,
      ...(values.schedule.trim() ? { schedule: values.schedule.trim() } : {}),
    };
    const checked = RunRequestSchema.safeParse(request);
    if (!checked.success) {
      setErrors(problemsByField(checked.error.issues.map((issue) => ({ path: String(issue.path[0] ?? ''), message: issue.message }))));
      return;
    }
    setErrors({});
    setFailure(undefined);
    setBusy(true);
    try {
      const created = await callControlCenter(CC_RUN_CREATE, { params: { branch }, body: checked.data });
      window.location.assign(href('cc-content-factory-run', { branch, run: String(created.run.id) }));
    } catch (error) {
      if (error instanceof ControlCenterApiError) setErrors(problemsByField(serverProblems(error.problems)));
      setFailure(error instanceof Error ? error : new Error(String(error)));
      setBusy(false);
    }
  }

  const control = (name: keyof typeof values) => ({ name, value: values[name], onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })) });
  return (
    <section className="cc-new-run" aria-labelledby="cc-new-run-title">
      <h2 id="cc-new-run-title">New run</h2>
      <form className="cc-form" onSubmit={(event) => void create(event)} noValidate aria-labelledby="cc-new-run-title">
        <FormField id="cc-run-author" label="Author" error={errors.authorId}>
          {(props) => (
            <select {...props} {...control('authorId')}>
              {authors.map((author) => (
                <option key={author.id} value={String(author.id)}>
                  {author.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="cc-run-count" label="Drafts" error={errors.count} hint={`1 to ${CONTENT_FACTORY_LIMITS.runCount}; the topics are used in turn.`}>
          {(props) => <input type="number" min={1} max={CONTENT_FACTORY_LIMITS.runCount} {...props} {...control('count')} />}
        </FormField>
        <FormField id="cc-run-topics" label="Topics or keywords" error={errors.topics} hint="One per line.">
          {(props) => <textarea rows={4} {...props} {...control('topics')} />}
        </FormField>
        <FormField id="cc-run-template" label="Template" error={errors.template}>
          {(props) => (
            <select {...props} {...control('template')}>
              {ARTICLE_TEMPLATES.map((template) => (
                <option key={template} value={template}>
                  {template}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="cc-run-schedule" label="Schedule (optional)" error={errors.schedule} hint="A cron expression in UTC, e.g. 0 9 * * 1 for Mondays at 09:00: the drafts are asked for each time it fires. Empty: once, now.">
          {(props) => <input type="text" autoComplete="off" spellCheck={false} {...props} {...control('schedule')} />}
        </FormField>
        <div className="cc-actions">
          <button type="submit" className="cc-button" disabled={busy}>
            Start run
          </button>
        </div>
      </form>
      {failure ? <CallFailure error={failure} /> : null}
    </section>
  );
}
