import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The rule "no SQL on a table outside its repository", as one service's grep test applies it: each table of the
 * service's schema names the files (relative to the service's `src/`) that own it. Only an owner writes the table
 * (insert, update, delete, truncate, alter) or reads it (from, join); a file listed in `readers` may read it too,
 * each with the reason a statement needs both tables. Migrations create and fill the tables and are left out, so are
 * tests. Free of any test runner: a spec asserts `tableBreaches(src, tables)` is empty. It reads the text, not the
 * SQL: a table is seen right after its keyword (or a schema, quotes, `${schema}.`), not after a comma in a FROM list
 * (the services join with JOIN), and comment lines are skipped.
 */
export interface TableOwnership {
  table: string;
  /**
   * The files that own the table, relative to `src/`. Empty when its owner lives outside the service: the platform's
   * `UserCopies` (the users copy), its event store (outbox, inbox); then no SQL in the service may name it, save the
   * listed reads.
   */
  owners: readonly string[];
  /** Files that may read the table (never write it), each with why; `'anywhere'` lets any file read it. */
  readers?: readonly { file: string; why: string }[] | 'anywhere';
}

export interface TableBreach {
  file: string;
  /** 1-based: the line the table is named on. */
  line: number;
  table: string;
  does: 'writes' | 'reads';
}

const WRITE = String.raw`insert\s+into|update|delete\s+from|truncate(?:\s+table)?|alter\s+table`;
const READ = String.raw`from|join`;
/** A table's name as SQL names it: maybe after a schema (`x.`, `"x".`, `${schema}.`), maybe quoted, or its sequence. */
const named = (table: string) => String.raw`(?:\w+\.|"[^"\n]+"\.|\$\{[^}\n]+\}\.?)?"?${table}(?:_id_seq)?"?(?![\w$])`;

function statements(table: string): RegExp {
  return new RegExp(String.raw`\b(?:(${WRITE})|(?:${READ}))\s+(${named(table)})`, 'gi');
}

/** The text with its comment lines blanked (line numbers kept): a table named in prose is not a statement. */
function withoutComments(text: string): string {
  return text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? '' : line))
    .join('\n');
}

/** What `file` (relative to `src/`) does, in `text`, on tables it does not own. */
export function tableBreachesIn(file: string, text: string, tables: readonly TableOwnership[]): TableBreach[] {
  const code = withoutComments(text);
  const breaches: TableBreach[] = [];
  for (const { table, owners, readers } of tables) {
    if (owners.includes(file)) continue;
    const mayRead = readers === 'anywhere' || (readers ?? []).some((reader) => reader.file === file);
    for (const match of code.matchAll(statements(table))) {
      const does = match[1] ? 'writes' : 'reads';
      if (does === 'reads' && mayRead) continue;
      const at = match.index + match[0].length - match[2]!.length;
      breaches.push({ file, line: code.slice(0, at).split('\n').length, table, does });
    }
  }
  return breaches;
}

/** The application sources of a service's `src/` (TypeScript, no specs or tests, no migrations), relative to it. */
export function sqlSourceFiles(src: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.(spec|test)\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith('.d.ts')
      ) {
        files.push(relative(src, path).split(sep).join('/'));
      }
    }
  };
  walk(src);
  return files.filter((file) => !file.startsWith('database/migrations/')).sort();
}

/**
 * Every statement in the service's sources on a table outside its owners. Throws when an owner or reader is not among
 * the sources, so a renamed repository cannot silently empty the rule.
 */
export function tableBreaches(src: string, tables: readonly TableOwnership[]): TableBreach[] {
  const files = sqlSourceFiles(src);
  for (const { table, owners, readers } of tables) {
    for (const file of [...owners, ...(readers === 'anywhere' ? [] : (readers ?? []).map((reader) => reader.file))]) {
      if (!files.includes(file)) throw new Error(`${table}: ${file} is not a source file of ${src}`);
    }
  }
  return files.flatMap((file) => tableBreachesIn(file, readFileSync(join(src, file), 'utf8'), tables));
}

/** A breach as a spec prints it: 'file:line writes table'. */
export function describeBreach({ file, line, does, table }: TableBreach): string {
  return `${file}:${line} ${does} ${table}`;
}

/** The platform's event store, in every service's schema and touched only by libs/platform: no owner in a service. */
export const PLATFORM_EVENT_TABLES: readonly TableOwnership[] = [
  { table: 'outbox', owners: [] },
  { table: 'inbox', owners: [] },
];

/**
 * The listed owners that hold no SQL on their table (`table in owner, ...`): a rule whose owner moved or was renamed
 * would otherwise pass by checking nothing.
 */
export function ownersWithoutTheirTable(src: string, tables: readonly TableOwnership[]): string[] {
  return tables
    .filter(({ owners }) => owners.length > 0)
    .filter(
      ({ table, owners }) =>
        !owners.some(
          (owner) => tableBreachesIn(owner, readFileSync(join(src, owner), 'utf8'), [{ table, owners: [] }]).length > 0,
        ),
    )
    .map(({ table, owners }) => `${table} in ${owners.join(', ')}`);
}
