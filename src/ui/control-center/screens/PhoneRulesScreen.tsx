/**
 * `/branches/{b}/phone-rules`: the branch's rules (afid → number,
 * optionally limited to routes and days) in a table, one form that creates a rule or edits the
 * one chosen, delete, and the trail of rule changes. The form checks with the API's own schema
 * before sending, and shows each problem, its own or the server's, next to its field.
 */
import { useId, useState, type FormEvent } from 'react';
import { CC_PHONE_RULE_CREATE, CC_PHONE_RULE_DELETE, CC_PHONE_RULE_UPDATE, CC_PHONE_RULES_LIST, type PhoneRuleAnswer } from '../../../core/contract/cc-phone-rules.ts';
import { phoneForms } from '../../../core/marketplace/phone.ts';
import { PhoneRuleFieldsSchema, type PhoneRuleInput } from '../../../core/phone-rules/fields.ts';
import { zodProblems } from '../../../core/zod-problems.ts';
import { callControlCenter, ControlCenterApiError } from '../api-client.ts';
import { AuditTrail } from '../AuditTrail.tsx';
import { formText } from '../form-text.ts';
import { ProblemsAlert } from '../ProblemsAlert.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';

/** The form's fields, in order. */
const FIELDS = ['afid', 'number', 'routes', 'startsOn', 'endsOn'] as const;
type Field = (typeof FIELDS)[number];

/** Problems by field; `form` holds those that name none. */
type FormErrors = Partial<Record<Field | 'form', string[]>>;

/** Sorts problem lines (`number: …`, `routes[1]: …`) to the field they name. */
function errorsByField(problems: readonly string[]): FormErrors {
  const errors: FormErrors = {};
  for (const problem of problems) {
    const field = FIELDS.find((name) => problem.startsWith(`${name}:`) || problem.startsWith(`${name}[`)) ?? 'form';
    (errors[field] ??= []).push(field === 'form' ? problem : problem.replace(/^[^:]+:\s*/, ''));
  }
  return errors;
}

/** The form's values as the API takes them: routes from a comma-separated list, empty dates as none. */
function formInput(form: HTMLFormElement): PhoneRuleInput {
  const data = new FormData(form);
  const text = (name: Field) => formText(data, name);
  const routes = text('routes')
    .split(',')
    .map((route) => route.trim())
    .filter((route) => route !== '');
  return { afid: text('afid'), number: text('number'), routes, startsOn: text('startsOn') || null, endsOn: text('endsOn') || null };
}

/** A day, never broken at its hyphens. */
function Day({ day }: { day: string }) {
  return <span className="cc-rule-nowrap">{day}</span>;
}

/** A rule's days in words. */
function Days({ rule }: { rule: PhoneRuleAnswer }) {
  if (rule.startsOn === null) return rule.endsOn === null ? <>Every day</> : <>Until <Day day={rule.endsOn} /></>;
  if (rule.endsOn === null) return <>From <Day day={rule.startsOn} /></>;
  return (
    <>
      <Day day={rule.startsOn} /> to <Day day={rule.endsOn} />
    </>
  );
}

function RuleForm({ branch, editing, onSaved, onCancel }: { branch: string; editing: PhoneRuleAnswer | undefined; onSaved: (rule: PhoneRuleAnswer) => void; onCancel: () => void }) {
  const id = useId();
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PhoneRuleFieldsSchema.safeParse(formInput(event.currentTarget));
    if (!parsed.success) {
      setErrors(errorsByField(zodProblems(parsed.error)));
      return;
    }
    setBusy(true);
    try {
      const { rule } = editing
        ? await callControlCenter(CC_PHONE_RULE_UPDATE, { params: { branch, rule: editing.id }, body: parsed.data })
        : await callControlCenter(CC_PHONE_RULE_CREATE, { params: { branch }, body: parsed.data });
      setErrors({});
      onSaved(rule);
    } catch (error) {
      setErrors(error instanceof ControlCenterApiError && error.problems.length > 0 ? errorsByField(error.problems) : { form: [error instanceof Error ? error.message : String(error)] });
    } finally {
      setBusy(false);
    }
  }

  /** The props tying an input to its hint and its problems. */
  function described(field: Field, hint?: boolean) {
    const ids = [hint ? `${id}-${field}-hint` : undefined, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ');
    return { id: `${id}-${field}`, name: field, 'aria-invalid': errors[field] ? true : undefined, ...(ids ? { 'aria-describedby': ids } : {}) };
  }
  function problem(field: Field) {
    return errors[field] ? (
      <p id={`${id}-${field}-error`} className="cc-rule-problem">
        {errors[field].join('; ')}
      </p>
    ) : null;
  }

  return (
    // Keyed by the rule edited, so its values fill the inputs afresh.
    <form key={editing?.id ?? 'new'} className="cc-rule-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{editing ? `Edit the rule for ${editing.afid}` : 'New phone rule'}</h2>
      <div className="cc-rule-field">
        <label htmlFor={`${id}-afid`}>Affiliate id (afid)</label>
        <input type="text" autoComplete="off" defaultValue={editing?.afid ?? ''} required {...described('afid', true)} />
        <p id={`${id}-afid-hint`} className="cc-rule-hint">
          As in the address the affiliate sends visitors to: <code>?afid=partner7</code>
        </p>
        {problem('afid')}
      </div>
      <div className="cc-rule-field">
        <label htmlFor={`${id}-number`}>Phone number</label>
        <input type="tel" autoComplete="off" defaultValue={editing ? phoneForms(editing.number).grouped : ''} required {...described('number', true)} />
        <p id={`${id}-number-hint`} className="cc-rule-hint">
          A US number, e.g. (888) 555-0142
        </p>
        {problem('number')}
      </div>
      <div className="cc-rule-field">
        <label htmlFor={`${id}-routes`}>Only on these routes</label>
        <input type="text" autoComplete="off" defaultValue={editing?.routes.join(', ') ?? ''} {...described('routes', true)} />
        <p id={`${id}-routes-hint`} className="cc-rule-hint">
          Route names separated by commas, e.g. quiz-otc, index. Empty: every page of {branch}.
        </p>
        {problem('routes')}
      </div>
      <div className="cc-rule-dates">
        <div className="cc-rule-field">
          <label htmlFor={`${id}-startsOn`}>From (Los Angeles date)</label>
          <input type="date" defaultValue={editing?.startsOn ?? ''} {...described('startsOn')} />
          {problem('startsOn')}
        </div>
        <div className="cc-rule-field">
          <label htmlFor={`${id}-endsOn`}>Until (inclusive)</label>
          <input type="date" defaultValue={editing?.endsOn ?? ''} {...described('endsOn')} />
          {problem('endsOn')}
        </div>
      </div>
      {errors.form ? <ProblemsAlert intro="The rule was not saved:" problems={errors.form} /> : null}
      <div className="cc-rule-actions">
        <button type="submit" className="button" disabled={busy}>
          {editing ? 'Save rule' : 'Add rule'}
        </button>
        {editing ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

function RulesTable({ branch, rules, onEdit, onDelete }: { branch: string; rules: readonly PhoneRuleAnswer[]; onEdit: (rule: PhoneRuleAnswer) => void; onDelete: (rule: PhoneRuleAnswer) => void }) {
  if (rules.length === 0) return <p>No phone rules yet: every visitor of {branch} sees its default number. Add the first rule below.</p>;
  return (
    <div className="cc-table-wrap">
      <table className="cc-table">
        <caption>Phone rules of {branch}, by afid</caption>
        <thead>
          <tr>
            <th scope="col">Afid</th>
            <th scope="col">Number</th>
            <th scope="col">Routes</th>
            <th scope="col">Days</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id}>
              <th scope="row" className="cc-rule-nowrap">
                <code>{rule.afid}</code>
              </th>
              <td className="cc-number cc-rule-nowrap">{phoneForms(rule.number).grouped}</td>
              <td>{rule.routes.length === 0 ? 'Every route' : rule.routes.join(', ')}</td>
              <td>
                <Days rule={rule} />
              </td>
              <td>
                <div className="cc-rule-row-actions">
                  <button type="button" className="button" onClick={() => onEdit(rule)} aria-label={`Edit the rule for ${rule.afid} (${phoneForms(rule.number).grouped})`}>
                    Edit
                  </button>
                  <button type="button" className="button cc-rule-danger" onClick={() => onDelete(rule)} aria-label={`Delete the rule for ${rule.afid} (${phoneForms(rule.number).grouped})`}>
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The phone-rules table with its form. */
export default function PhoneRulesScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  // Bumped after every change, so the list is read again from the server.
  const [revision, setRevision] = useState(0);
  const [editing, setEditing] = useState<PhoneRuleAnswer | undefined>(undefined);
  const [status, setStatus] = useState('');
  const [deleteProblems, setDeleteProblems] = useState<readonly string[]>([]);
  const state = useCall(`${branch}#${revision}`, () => callControlCenter(CC_PHONE_RULES_LIST, { params: { branch } }));

  async function remove(rule: PhoneRuleAnswer) {
    try {
      await callControlCenter(CC_PHONE_RULE_DELETE, { params: { branch, rule: rule.id } });
      setDeleteProblems([]);
      if (editing?.id === rule.id) setEditing(undefined);
      setStatus(`The rule for ${rule.afid} was deleted.`);
      setRevision((value) => value + 1);
    } catch (error) {
      setDeleteProblems(error instanceof ControlCenterApiError && error.problems.length > 0 ? error.problems : [error instanceof Error ? error.message : String(error)]);
    }
  }

  return (
    <div className="cc-phone-rules">
      <p>
        A visitor who arrives with an <code>afid</code> in the address sees the number of the matching rule on every page of the visit, from the first byte, unless the ad marketplace has
        leased a number to them. When several rules match, one limited to routes beats one for every route, and a dated one beats an open one.
      </p>
      {state.status === 'loading' ? <p aria-live="polite">Loading phone rules…</p> : null}
      {state.status === 'failed' ? <CallFailure error={state.error} /> : null}
      {state.status === 'done' ? (
        <RulesTable
          branch={branch}
          rules={state.value.rules}
          onEdit={(rule) => {
            setStatus('');
            setEditing(rule);
          }}
          onDelete={(rule) => void remove(rule)}
        />
      ) : null}
      {deleteProblems.length > 0 ? <ProblemsAlert intro="The rule was not deleted:" problems={deleteProblems} /> : null}
      <div aria-live="polite">{status ? <p className="cc-rule-success">{status}</p> : null}</div>
      <RuleForm
        key={editing?.id ?? 'new'}
        branch={branch}
        editing={editing}
        onSaved={(rule) => {
          setStatus(`The rule for ${rule.afid} was ${editing ? 'saved' : 'added'}: ${phoneForms(rule.number).grouped}.`);
          setEditing(undefined);
          setRevision((value) => value + 1);
        }}
        onCancel={() => setEditing(undefined)}
      />
      {/* Keyed by the revision, so a change shows in the trail as soon as it is made. */}
      <AuditTrail key={revision} branch={branch} itemKind="phone-rule" limit={10} title="Changes to phone rules" />
    </div>
  );
}
