/**
 * `cobrand completion bash|zsh` (registered in completion-command.ts): a shell completion script
 * generated from the program itself, so every command, subcommand and option completes, and a
 * new command completes as soon as it is registered. After an option whose values are a fixed set
 * (--brand, --status, --format, ...: an enum parsed with parseWith) those values are offered; after
 * any other option that takes a value, the shell's own completion (file names).
 */
import type { Command, Option } from 'commander';
import type { OptionParser } from './arguments.ts';
import { print, type CliIo } from './cli-io.ts';

/** The shells a script can be generated for. */
export const COMPLETION_SHELLS = ['bash', 'zsh'] as const;

/** A shell a script can be generated for. */
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

/** One word the shell may offer, with the help line zsh shows beside it. */
interface Word {
  word: string;
  description: string;
}

/** What can follow one command: its subcommands (or the values of its argument) and its options. */
export interface CompletionNode {
  /** Subcommand names from the program down, joined by '/' ('' for the program itself). */
  key: string;
  /** Subcommands, and the choices of an argument that has a fixed set (`completion <shell>`). */
  subcommands: Word[];
  options: Word[];
  /** Option flags that take a value (`--brand <id>`): the next word is that value; `values` when they are a fixed set. */
  valueOptions: { flag: string; values?: readonly string[] }[];
}

/** The first clause of a description, short enough for a completion menu. */
function brief(description: string): string {
  const clause = description.split(/[:;]\s|\s\(/)[0] ?? '';
  return clause.length <= 60 ? clause : `${clause.slice(0, 59).replace(/\s+\S*$/, '')}…`;
}

/** Both spellings of an option (`-f`, `--follow`), those it has. */
function flags(option: Option): string[] {
  return [option.short, option.long].filter((flag): flag is string => flag !== undefined);
}

/** Every command of `program` as completion nodes, parents before children. */
export function completionTree(program: Command): CompletionNode[] {
  const nodes: CompletionNode[] = [];
  const visit = (command: Command, key: string) => {
    const help = command.createHelp();
    const subcommands = help.visibleCommands(command);
    const options = help.visibleOptions(command);
    nodes.push({
      key,
      subcommands: [
        ...subcommands.map((sub) => ({ word: sub.name(), description: brief(sub.description()) })),
        ...command.registeredArguments.flatMap((argument) => (argument.argChoices ?? []).map((choice) => ({ word: choice, description: brief(argument.description) }))),
      ],
      options: options.flatMap((option) => flags(option).map((flag) => ({ word: flag, description: brief(option.description) }))),
      valueOptions: options
        .filter((option) => option.required || option.optional)
        .flatMap((option) => {
          const values = (option.parseArg as OptionParser<unknown> | undefined)?.values ?? option.argChoices;
          return flags(option).map((flag) => (values === undefined ? { flag } : { flag, values }));
        }),
    });
    for (const sub of subcommands) {
      // The implicit `help [command]` has no subcommands or options of its own worth completing.
      if (sub.name() === 'help' && sub.commands.length === 0 && !command.commands.includes(sub)) continue;
      visit(sub, key === '' ? sub.name() : `${key}/${sub.name()}`);
    }
  };
  visit(program, '');
  return nodes;
}

/** `text` as one single-quoted shell word (bash and zsh alike). */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The `case` patterns that move from one node to a child: `parent/child` ('' parent: `/child`). */
function stepPatterns(nodes: readonly CompletionNode[]): string {
  return nodes
    .filter((node) => node.key !== '')
    .map((node) => {
      const slash = node.key.lastIndexOf('/');
      return quote(slash === -1 ? `/${node.key}` : node.key);
    })
    .join('|');
}

/**
 * `case` items for the word after a value option: options with the same values share one item
 * (`'leads/list --brand'|'leads/export --brand') …`), and `action` says what to do there.
 */
function valueOptionCases(nodes: readonly CompletionNode[], action: (values: readonly string[] | undefined) => string, zsh = false): string[] {
  const byAction = new Map<string, string[]>();
  for (const node of nodes) {
    for (const { flag, values } of node.valueOptions) {
      const what = action(values);
      byAction.set(what, [...(byAction.get(what) ?? []), quote(`${node.key} ${flag}`)]);
    }
  }
  return [...byAction].map(([what, patterns]) => `    ${zsh ? '(' : ''}${patterns.join('|')}) ${what} ;;`);
}

/** The bash script: `source <(cobrand completion bash)`. */
export function bashCompletion(program: Command): string {
  const name = program.name();
  const nodes = completionTree(program);
  const fn = `_${name.replace(/[^A-Za-z0-9_]/g, '_')}_completion`;
  const wordCases = nodes.map((node) => `        ${quote(node.key)}) words=${quote([...node.subcommands, ...node.options].map((word) => word.word).join(' '))} ;;`);
  const valueCases = valueOptionCases(nodes, (values) => (values === undefined ? 'return 0' : `words=${quote(values.join(' '))}`));
  return [
    `# ${name} completion for bash, generated by \`${name} completion bash\`. Load it in this shell:`,
    `#   source <(${name} completion bash)`,
    `# or for every new shell: ${name} completion bash > ~/.local/share/bash-completion/completions/${name}`,
    `${fn}() {`,
    '  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} key= word words i',
    '  COMPREPLY=()',
    '  # Walk the words before the cursor: each subcommand name moves one level down.',
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    '    word=${COMP_WORDS[i]}',
    '    case "$key/$word" in',
    `      ${stepPatterns(nodes)}) key=\${key:+$key/}$word ;;`,
    '    esac',
    '  done',
    '  # The value of an option: one of its values, or the default completion (file names).',
    '  case "$key $prev" in',
    ...valueCases,
    '    *)',
    '      case "$key" in',
    ...wordCases,
    '        *) return 0 ;;',
    '      esac',
    '      ;;',
    '  esac',
    '  COMPREPLY=($(compgen -W "$words" -- "$cur"))',
    '}',
    `complete -o default -F ${fn} ${name}`,
    '',
  ].join('\n');
}

/** A zsh `_describe` item: `word:description`, colons in the word escaped. */
function describeItem(word: Word): string {
  return quote(`${word.word.replaceAll(':', '\\:')}:${word.description}`);
}

/** The zsh script: `source <(cobrand completion zsh)`, or saved as `_cobrand` in a directory of $fpath. */
export function zshCompletion(program: Command): string {
  const name = program.name();
  const nodes = completionTree(program);
  const fn = `_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const describe = (items: readonly Word[]) => `(${items.map(describeItem).join(' ')})`;
  const wordCases = nodes.map((node) => `    (${quote(node.key)}) commands=${describe(node.subcommands)}; flags=${describe(node.options)} ;;`);
  const valueCases = valueOptionCases(nodes, (values) => (values === undefined ? '_files; return' : `compadd -- ${values.map(quote).join(' ')}; return`), true);
  return [
    `#compdef ${name}`,
    `# ${name} completion for zsh, generated by \`${name} completion zsh\`. Load it in this shell:`,
    `#   source <(${name} completion zsh)`,
    `# or for every new shell: ${name} completion zsh > "\${fpath[1]}/_${name}"`,
    `${fn}() {`,
    '  # Not "path" or "options": zsh ties those names to $PATH and the shell options.',
    '  local -a commands flags',
    '  local key= word i',
    '  # Walk the words before the cursor: each subcommand name moves one level down.',
    '  for ((i = 2; i < CURRENT; i++)); do',
    '    word=${words[i]}',
    '    case "$key/$word" in',
    `      (${stepPatterns(nodes)}) key=\${key:+$key/}$word ;;`,
    '    esac',
    '  done',
    '  # The value of an option: one of its values, or file names.',
    '  case "$key ${words[CURRENT-1]}" in',
    ...valueCases,
    '  esac',
    '  case "$key" in',
    ...wordCases,
    '    (*) return 1 ;;',
    '  esac',
    "  if [[ $PREFIX == -* ]]; then",
    "    _describe -t options 'option' flags",
    '  else',
    "    _describe -t commands 'command' commands || _files",
    '  fi',
    '}',
    `if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then`,
    `  ${fn} "$@"`,
    'else',
    `  compdef ${fn} ${name}`,
    'fi',
    '',
  ].join('\n');
}

/** `completion <shell>`: the script for `shell`, generated from the whole program. */
export function printCompletion(io: CliIo, shell: CompletionShell, program: Command): void {
  print(io.stdout, (shell === 'bash' ? bashCompletion(program) : zshCompletion(program)).trimEnd());
}
