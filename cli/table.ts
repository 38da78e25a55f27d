/** Plain-text tables for human-readable command output (the `--json` variants are for machines). */

/** Each column's width: its widest cell, header included. */
export function columnWidths(header: readonly string[], rows: readonly (readonly string[])[]): number[] {
  return header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
}

/** One row, each cell padded to its column's width, two spaces apart, no trailing blanks. */
export function formatRow(cells: readonly string[], widths: readonly number[]): string {
  return cells
    .map((cell, column) => cell.padEnd(widths[column] ?? 0))
    .join('  ')
    .trimEnd();
}

/** Formats rows under a header, each column padded to its widest cell, two spaces apart. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = columnWidths(header, rows);
  return [header, ...rows].map((row) => formatRow(row, widths)).join('\n');
}
