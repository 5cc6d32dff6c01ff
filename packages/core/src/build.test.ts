// Core stays framework-free and light, in two entries: the contract (@permitdesk/core) runs anywhere and
// imports nothing at run time but valibot; the browser client (@permitdesk/core/client) adds ky and
// zustand and reads the contract as the package. No source file imports React or preact (the widget
// ships preact, the dashboard React).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup, type OutputChunk, type RollupOptions } from 'rollup';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('.', import.meta.url));
const configUrl = new URL('../rollup.config.mjs', import.meta.url).href;

const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

async function bundle(options: RollupOptions): Promise<OutputChunk> {
  const build = await rollup(options);
  try {
    const { output } = await build.generate({ format: 'es' });
    const chunks = output.filter((item): item is OutputChunk => item.type === 'chunk');
    expect(chunks).toHaveLength(1);
    return chunks[0]!;
  } finally {
    await build.close();
  }
}

const packagesImported = (chunk: OutputChunk) => new Set([...chunk.imports, ...chunk.dynamicImports].map(packageOf));

/** Every file src/index.ts reaches through relative imports (type-only ones too), and the bare specifiers they import. */
function contractGraph(): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [join(srcDir, 'index.ts')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const specifier = match[1]!;
      if (!specifier.startsWith('.')) {
        packages.add(packageOf(specifier)!);
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
      const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
      if (!found) throw new Error(`${relative(srcDir, file)}: cannot resolve ${specifier}`);
      queue.push(found);
    }
  }
  return { files: [...files].map((file) => relative(srcDir, file)).sort(), packages };
}

/** A real rollup build of core: seconds on a busy 2-core machine, not the 5 s default. */
const BUNDLE_TIMEOUT_MS = 60_000;

describe('core build', () => {
  it('the contract entry reaches no client/ file and imports only valibot', () => {
    const { files, packages } = contractGraph();
    expect(files).toContain('api/index.ts');
    expect(files).toContain('rules/flow-messages.ts');
    expect(files.filter((file) => file.startsWith('client/'))).toEqual([]);
    expect(packages).toEqual(new Set(['valibot']));
  });

  it('the contract bundle imports only valibot and carries no client', async () => {
    const { coreJs, runtimeDependencies } = (await import(configUrl)) as { coreJs: RollupOptions; runtimeDependencies: string[] };
    expect(runtimeDependencies).toEqual(['valibot', 'ky', 'zustand']);
    const contract = await bundle(coreJs);
    expect(packagesImported(contract)).toEqual(new Set(['valibot']));
    for (const name of ['endpoints', 'FLOW_MESSAGES', 'REQUEST_ERRORS', 'SESSION_MODE_HEADER', 'permitStatusView']) {
      expect(contract.exports, name).toContain(name);
    }
    for (const name of ['createApiClient', 'createSessionStore', 'createSignupFlow', 'transition']) {
      expect(contract.exports, name).not.toContain(name);
    }
  }, BUNDLE_TIMEOUT_MS);

  it('the client bundle imports ky, zustand, valibot and the contract package, by names the contract exports', async () => {
    const { coreJs, clientJs } = (await import(configUrl)) as { coreJs: RollupOptions; clientJs: RollupOptions };
    const [contract, client] = await Promise.all([bundle(coreJs), bundle(clientJs)]);
    expect(packagesImported(client)).toEqual(new Set(['@permitdesk/core', 'valibot', 'ky', 'zustand']));
    const fromContract = client.importedBindings['@permitdesk/core'] ?? [];
    expect(fromContract).toContain('endpoints');
    expect(fromContract.filter((name) => !contract.exports.includes(name))).toEqual([]);
    for (const name of ['createApiClient', 'createIdentityClient', 'createSessionStore', 'isApiRequestError']) {
      expect(client.exports, name).toContain(name);
    }
    // The contract is not copied into the client.
    expect(client.exports).not.toContain('endpoints');
  }, BUNDLE_TIMEOUT_MS);

  it('the server imports the contract only, never the client', () => {
    const serverDir = join(srcDir, '../../server/src');
    const files = (readdirSync(serverDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((file) => /['"]@permitdesk\/core\/[^'"]*['"]/.test(readFileSync(join(serverDir, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('no core source imports React or preact', () => {
    const files = (readdirSync(srcDir, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((file) =>
      /(?:from|import|require\()\s*['"](?:react|react-dom|preact)(?:\/[^'"]*)?['"]/.test(readFileSync(join(srcDir, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
