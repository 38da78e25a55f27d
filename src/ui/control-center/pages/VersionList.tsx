/** A page's versions, newest first (every version kept with who and when, any one restorable). */
import type { PageDetail } from '../../../core/contract/cc-pages.ts';
import { DropdownMenu, type MenuEntry } from '../kit/DropdownMenu.tsx';
import { HoverCard } from '../kit/HoverCard.tsx';
import { Tooltip } from '../kit/Tooltip.tsx';

interface Props {
  versions: PageDetail['versions'];
  live: PageDetail['live'];
  busy: boolean;
  onRestore: (version: number) => void;
  onPreview: (version: number) => void;
}

/** What a version sets, field by field, for a look without loading it (long text cut short). */
function VersionFields({ fields }: { fields: Record<string, unknown> }) {
  const entries = Object.entries(fields);
  if (entries.length === 0) return <p>Sets no field: the built-in page.</p>;
  return (
    <dl className="cc-version-fields">
      {entries.map(([name, value]) => {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        return (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{text.length > 80 ? `${text.slice(0, 79)}…` : text}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The version table with the live marker. Resting on a version's number shows what it sets (kit
 * HoverCard); each row's actions (preview, restore) are in a menu (kit DropdownMenu) behind a
 * compact button whose purpose a tooltip names (kit Tooltip).
 */
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
          {versions.map((version) => {
            const actions: MenuEntry[] = [{ label: `Preview v${version.version}`, onSelect: () => onPreview(version.version) }];
            if (live?.version !== version.version) actions.push({ label: `Restore v${version.version}`, onSelect: () => onRestore(version.version) });
            return (
              <tr key={version.version}>
                <th scope="row">
                  <HoverCard content={<VersionFields fields={version.fields} />}>
                    <span className="cc-version-label" tabIndex={0}>
                      v{version.version}
                    </span>
                  </HoverCard>
                </th>
                <td>{version.createdBy}</td>
                <td>
                  <time dateTime={version.createdAt}>{version.createdAt.slice(0, 16).replace('T', ' ')} UTC</time>
                </td>
                <td>{live?.version === version.version ? <span className="cc-badge cc-badge-live">live</span> : null}</td>
                <td className="cc-row-actions">
                  <DropdownMenu
                    items={actions}
                    trigger={
                      <Tooltip content={`Preview or restore version ${version.version}`}>
                        <button type="button" className="cc-button cc-icon-button" disabled={busy} aria-label={`Actions for version ${version.version}`}>
                          <span aria-hidden="true">⋯</span>
                        </button>
                      </Tooltip>
                    }
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
