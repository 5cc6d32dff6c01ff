// Every command the READMEs tell a reader to run, read out of the READMEs themselves (inline code and
// code blocks), must still point at something real on a fresh clone after `npm test`'s install: the
// script file or folder it runs, the package.json script it names (in the root or the filtered package),
// the binary `npx` or a path resolves to. A renamed bench or a dropped script fails here, not in a
// reader's terminal. Long runs (the benchmarks at a million permits, the e2e suites) are not started:
// `node --check` parses each JavaScript file a command would run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const READMES = ['README.md', 'bench/README.md', ...readdirSync(join(root, 'packages')).map((p) => `packages/${p}/README.md`)].filter((f) => existsSync(join(root, f)));
const STARTS = /^(?:[A-Z_]+=\S+\s+)*(node|npx|pnpm|npm|bash|docker|packages\/server\/node_modules\/\.bin\/tsx)\b/;

/** The commands of a README: inline code and code-block lines that start with a runner. */
export function commandsOf(markdown: string): string[] {
  const found = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) {
      fenced = !fenced;
      continue;
    }
    if (fenced) {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (STARTS.test(command)) found.add(command);
      continue;
    }
    for (const [, code] of line.matchAll(/`([^`]+)`/g)) if (code && STARTS.test(code) && code.includes(' ')) found.add(code.trim());
  }
  return [...found];
}

const packageJson = (dir: string) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string; scripts?: Record<string, string> };
const workspacePackages = new Map(
  ['packages', 'examples', '.']
    .flatMap((base) => (base === '.' ? ['storybook', 'e2e', 'bench'] : readdirSync(join(root, base)).map((name) => join(base, name))))
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => [packageJson(dir).name, dir] as const),
);

/** What is wrong with a command, or null. Placeholders (`<email>`, `N`, `…`) are arguments, never checked. */
export function problemOf(command: string): string | null {
  const words = command.replace(/^(?:[A-Z_]+=\S+\s+)*/, '').split(/\s+/).filter((w) => w !== '…' && !/^[<[]/.test(w));
  const [runner, ...args] = words;
  const fileArgs = (list: string[]) => list.filter((a) => !a.startsWith('-') && /[/.]/.test(a) && !a.includes('@') && !/^\d/.test(a));
  const missing = (paths: string[]) => paths.find((p) => !existsSync(join(root, p)));
  const scriptOf = (dir: string, script: string) => {
    const scripts = packageJson(dir).scripts ?? {};
    return script in scripts || ['install', 'pack', 'exec'].includes(script) ? null : `${dir}/package.json has no script "${script}"`;
  };
  const pnpm = (list: string[]): string | null => {
    const filter = list.indexOf('--filter');
    if (filter >= 0) {
      const name = list[filter + 1]!;
      const dir = workspacePackages.get(name);
      if (!dir) return `no workspace package ${name}`;
      const rest = list.filter((_, i) => i !== filter && i !== filter + 1 && list[i] !== 'run');
      return rest[0] ? scriptOf(dir, rest[0]) : null;
    }
    const script = list[0] === 'run' ? list[1] : list[0];
    return script ? scriptOf('.', script) : null;
  };
  switch (runner) {
    case 'node': {
      if (args[0] === 'scripts/pnpm.mjs') return pnpm(args.slice(1));
      const gone = missing(fileArgs(args));
      return gone ? `no ${gone}` : null;
    }
    case 'npx': {
      const bin = args[0]!;
      if (!existsSync(join(root, 'node_modules/.bin', bin))) return `npx ${bin}: not installed at the root (node_modules/.bin/${bin})`;
      const gone = missing(fileArgs(args.slice(1)));
      return gone ? `no ${gone}` : null;
    }
    case 'pnpm':
      // A fresh machine has npm, not pnpm: the READMEs say `node scripts/pnpm.mjs` (pnpm pack is the pack test's step).
      return args[0] === 'pack' ? null : 'bare pnpm is not on a fresh machine: write node scripts/pnpm.mjs';
    case 'npm':
      return args[0] === 'run' ? scriptOf('.', args[1]!) : scriptOf('.', args[0]!);
    case 'bash': {
      const gone = missing(fileArgs(args));
      return gone ? `no ${gone}` : null;
    }
    case 'docker':
      return existsSync(join(root, 'compose.yaml')) || existsSync(join(root, 'docker-compose.yml')) || existsSync(join(root, 'compose.yml')) ? null : 'no compose file';
    default: {
      const gone = missing([runner!, ...fileArgs(args)]);
      return gone ? `no ${gone}` : null;
    }
  }
}

describe('the commands in the READMEs', () => {
  const all = READMES.flatMap((file) => commandsOf(readFileSync(join(root, file), 'utf8')).map((command) => ({ file, command })));

  it('finds the commands (the reader is not pointed at nothing)', () => {
    expect(all.map((c) => c.command)).toEqual(expect.arrayContaining(['npm start', 'npm test']));
    expect(all.length).toBeGreaterThan(20);
  });

  it.each(all)('$file: $command', ({ command }) => {
    expect(problemOf(command)).toBeNull();
  });

  it('parses every JavaScript file a command runs (node --check)', () => {
    const files = new Set(all.flatMap(({ command }) => command.split(/\s+/).filter((w) => /\.(mjs|js)$/.test(w) && existsSync(join(root, w)) && statSync(join(root, w)).isFile())));
    expect(files.size).toBeGreaterThan(3);
    for (const file of files) {
      const checked = spawnSync(process.execPath, ['--check', join(root, file)], { encoding: 'utf8' });
      expect(checked.status, `${file}: ${checked.stderr}`).toBe(0);
    }
  });

  it('catches drift: a missing bench, a missing script, a binary not at the root', () => {
    expect(problemOf('node bench/no-such-bench.mjs')).toBe('no bench/no-such-bench.mjs');
    expect(problemOf('npm run no-such-script')).toMatch(/no script "no-such-script"/);
    expect(problemOf('node scripts/pnpm.mjs --filter @permitdesk/server no-such-script')).toMatch(/no script/);
    expect(problemOf('npx no-such-tool bench/radar.ts')).toMatch(/not installed/);
    expect(problemOf('pnpm run test:slow')).toMatch(/node scripts\/pnpm.mjs/);
    expect(problemOf('DATABASE_URL=postgres://x npx tsx --conditions=@permitdesk/source bench/radar.ts --projects 80000')).toBeNull();
  });
});
