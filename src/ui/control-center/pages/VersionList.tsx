/** A page's versions, newest first (issue 12 "Pages": every version kept with who and when, any one restorable). */
import type { PageDetail } from '../../../core/contract/cc-pages.ts';

interface Props {
  versions: PageDetail['versions'];
  live: PageDetail['live'];
  busy: boolean;
  onRestore: (version: number) => void;
  onPreview: (version: number) => void;
}

/** The version table with the live marker, and Preview and Restore for each version. */
export function VersionList({ versions, live, busy, onRestore, onPreview }: Props) {
  if (versions.length === 0) return <p>No versions yet: the page shows its built-in configuration.</p>;
  return (
    <div className="cc-table-wrap">
      <table className="cc-table">
        <caption>Versions (a restore publishes the old version's fields as a new version)</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Saved by</th>
            <th scope="col">Saved at</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.version}>
              <th scope="row">v{version.version}</th>
              <td>{version.createdBy}</td>
              <td>
                <time dateTime={version.createdAt}>{version.createdAt.slice(0, 16).replace('T', ' ')} UTC</time>
              </td>
              <td>{live?.version === version.version ? <span className="cc-badge cc-badge-live">live</span> : null}</td>
              <td className="cc-row-actions">
                <button type="button" className="cc-button" disabled={busy} onClick={() => onPreview(version.version)}>
                  Preview v{version.version}
                </button>
                {live?.version !== version.version ? (
                  <button type="button" className="cc-button" disabled={busy} onClick={() => onRestore(version.version)}>
                    Restore v{version.version}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
