import { readFileSync } from 'node:fs';

/** Percentile of sorted samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function elapsedSeconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((row) => row.map((cell) => (typeof cell === 'number' ? format(cell) : cell)))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => String(row[i]).length)));
  const line = (row: (string | number)[]) => `| ${row.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write(
    `\n${title}\n${line(cells[0])}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${cells.slice(1).map(line).join('\n')}\n`,
  );
}

function format(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(3);
}

/**
 * CPU seconds (user + system) a process has used so far, from Linux's
 * /proc/<pid>/stat (clock ticks, 100 per second); undefined elsewhere.
 */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The command name (field 2) may hold spaces; the fields after its ')' are fixed.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}
