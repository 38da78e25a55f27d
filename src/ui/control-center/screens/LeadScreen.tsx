/**
 * `/branches/{b}/leads/{lead}`: one lead's facts, fields, consent proof
 * and delivery attempts, personal values masked until "Reveal". Reveal asks the server, which
 * writes the lead access log and the audit log before it answers with the values; the access log
 * and the lead's audit trail are shown below.
 */
import { useState } from 'react';
import { CC_LEAD_GET, CC_LEAD_REVEAL, type LeadDetail } from '../../../core/contract/cc-leads.ts';
import { callControlCenter } from '../api-client.ts';
import { href } from '../../../core/router/route-patterns.ts';
import { AuditTrail } from '../AuditTrail.tsx';
import { sectionHref } from '../chrome/sections.ts';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';
import { fieldText, utcTime } from './lead-format.ts';

/** A description list of label/value pairs. */
function Facts({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="cc-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ConsentProof({ consent }: { consent: LeadDetail['lead']['consent'] }) {
  if (consent === null) return <p>No consent proof: the funnel collected no phone or email.</p>;
  return (
    <>
      <Facts
        rows={[
          ['Button pressed', consent.buttonLabel],
          ['Consented at', utcTime(consent.consentedAt)],
          ['Page', consent.pageUrl],
          ['IP address', consent.ip ?? '—'],
          ['Browser', consent.userAgent ?? '—'],
          ['Disclosure version (sha256)', consent.version],
          // The consent step's HTML as the server rendered it, kept by this hash (`cobrand leads consent ID --html` prints it).
          ['Consent step HTML (sha256)', consent.htmlSha256 ?? '— (captured before it was kept)'],
          ['Rendered by build', consent.buildId ?? '—'],
          ['TrustedForm certificate', consent.trustedFormCertUrl ?? '—'],
          ['Jornaya LeadiD', consent.leadidToken ?? '—'],
          ['Privacy opt-out', consent.privacyChoice ? JSON.stringify(consent.privacyChoice) : 'none'],
        ]}
      />
      <h4>Disclosure shown</h4>
      <blockquote className="cc-disclosure">{consent.text}</blockquote>
    </>
  );
}

/** Why a lead is never offered to a buyer, when it is a duplicate or incomplete; nothing otherwise. */
function NotForSale({ branch, lead }: { branch: string; lead: LeadDetail['lead'] }) {
  if (lead.status === 'duplicate' && lead.duplicateOf !== null) {
    return (
      <p className="cc-lead-not-for-sale" data-not-for-sale="duplicate">
        Never delivered: duplicate of <a href={href('cc-lead', { branch, lead: lead.duplicateOf })}>{lead.duplicateOf}</a>, an earlier lead from the same phone or
        email for this product, offered to the buyer already.
      </p>
    );
  }
  if (lead.status === 'incomplete') {
    return (
      <p className="cc-lead-not-for-sale" data-not-for-sale="incomplete">
        Never delivered: incomplete. The buyer needs {lead.missingFields.length === 1 ? 'this answer, which is' : 'these answers, which are'} missing:{' '}
        {lead.missingFields.map((field, index) => (
          <span key={field}>
            {index > 0 ? ', ' : ''}
            <code>{field}</code>
          </span>
        ))}
        .
      </p>
    );
  }
  return null;
}

function LeadView({ branch, detail }: { branch: string; detail: LeadDetail }) {
  const { lead } = detail;
  const { delivery } = lead;
  return (
    <>
      <section aria-labelledby="cc-lead-facts">
        <h3 id="cc-lead-facts">Lead</h3>
        <NotForSale branch={branch} lead={lead} />
        <Facts
          rows={[
            ['Status', lead.status],
            ['Funnel', lead.funnel],
            ['Route', lead.route],
            ['Product', lead.product],
            ['Language', lead.language],
            ['Created', utcTime(lead.createdAt)],
            ['Updated', utcTime(lead.updatedAt)],
          ]}
        />
      </section>
      <section aria-labelledby="cc-lead-fields">
        <h3 id="cc-lead-fields">Answers{detail.revealed ? ' (revealed)' : ' (personal values masked)'}</h3>
        <div className="cc-table-wrap">
          <table className="cc-table">
            <caption className="content-visually-hidden">The lead’s answers</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(lead.fields).map(([field, value]) => (
                <tr key={field}>
                  <th scope="row">{field}</th>
                  <td data-field={field}>{fieldText(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="cc-lead-consent">
        <h3 id="cc-lead-consent">Consent proof</h3>
        <ConsentProof consent={lead.consent} />
      </section>
      <section aria-labelledby="cc-lead-delivery">
        <h3 id="cc-lead-delivery">Delivery</h3>
        <Facts
          rows={[
            ['Attempts', String(delivery.attempts)],
            ['In the outbox since', utcTime(delivery.queuedAt)],
            ['Next attempt', lead.status === 'captured' ? utcTime(delivery.nextAttemptAt) : 'none (final status)'],
            ['Last error', delivery.lastError ?? '—'],
            ['Delivered', utcTime(delivery.deliveredAt)],
            ['Buyer’s lead id', delivery.buyerLeadId ?? '—'],
            ['Price', delivery.buyerPrice === null ? '—' : String(delivery.buyerPrice)],
            ['Buyer’s answer', delivery.buyerResponse ?? '—'],
          ]}
        />
      </section>
      <section aria-labelledby="cc-lead-accesses">
        <h3 id="cc-lead-accesses">Who saw the personal values</h3>
        {detail.accesses.length === 0 ? (
          <p>Nobody yet.</p>
        ) : (
          <ul className="cc-access-log">
            {detail.accesses.map((access) => (
              <li key={`${access.at} ${access.actor} ${access.channel}`}>
                {utcTime(access.at)}: {access.actor} ({access.channel})
              </li>
            ))}
          </ul>
        )}
      </section>
      <AuditTrail branch={branch} itemKind="lead" itemId={lead.id} title="Audit trail of this lead" />
    </>
  );
}

/** The lead detail screen. */
export default function LeadScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const id = payload.route.params.lead ?? '';
  const masked = useCall(`${branch} ${id}`, () => callControlCenter(CC_LEAD_GET, { params: { branch, lead: id } }));
  const [revealed, setRevealed] = useState<LeadDetail | Error | 'running'>();
  const reveal = async () => {
    setRevealed('running');
    try {
      setRevealed(await callControlCenter(CC_LEAD_REVEAL, { params: { branch, lead: id }, body: {} }));
    } catch (error) {
      setRevealed(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const detail = revealed !== undefined && revealed !== 'running' && !(revealed instanceof Error) ? revealed : masked.status === 'done' ? masked.value : undefined;
  return (
    <section className="cc-lead" aria-labelledby="cc-lead-heading">
      <h2 id="cc-lead-heading">Lead {id}</h2>
      <p>
        <a href={sectionHref(branch, 'leads')}>All leads of {branch}</a>
      </p>
      {masked.status === 'loading' ? <p aria-live="polite">Loading the lead…</p> : null}
      {masked.status === 'failed' ? <CallFailure error={masked.error} /> : null}
      {detail !== undefined ? (
        <>
          <div className="cc-reveal">
            {detail.revealed ? (
              <p role="status">Personal values revealed to you. This access is in the lead’s access log and the audit log.</p>
            ) : (
              <>
                <button type="button" className="cc-button cc-button-primary" onClick={() => void reveal()} disabled={revealed === 'running'}>
                  {revealed === 'running' ? 'Revealing…' : 'Reveal personal values'}
                </button>
                <p className="cc-hint">Each reveal is logged with your account.</p>
              </>
            )}
            {revealed instanceof Error ? <CallFailure error={revealed} /> : null}
          </div>
          <LeadView branch={branch} detail={detail} />
        </>
      ) : null}
    </section>
  );
}
