// Core stays framework-free and light: its built bundle imports nothing at run time but valibot, ky
// and zustand, and no source file imports React or preact (the widget ships preact, the dashboard React).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup, type OutputChunk, type RollupOptions } from 'rollup';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('.', import.meta.url));
const configUrl = new URL('../rollup.config.mjs', import.meta.url).href;

const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

describe('core build', () => {
  it('imports only valibot, ky and zustand at run time', async () => {
    const { coreJs, runtimeDependencies } = (await import(configUrl)) as { coreJs: RollupOptions; runtimeDependencies: string[] };
    expect(runtimeDependencies).toEqual(['valibot', 'ky', 'zustand']);
    const bundle = await rollup(coreJs);
    try {
      const { output } = await bundle.generate({ format: 'es' });
      const chunks = output.filter((item): item is OutputChunk => item.type === 'chunk');
      const imported = new Set(chunks.flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports]));
      const ownChunks = new Set(chunks.map((chunk) => chunk.fileName));
      const external = [...imported].filter((id) => !ownChunks.has(id)).map(packageOf);
      expect(new Set(external)).toEqual(new Set(['valibot', 'ky', 'zustand']));
      // The bundle really carries the client, the session store and the flow.
      const code = chunks.map((chunk) => chunk.code).join('\n');
      for (const name of ['createApiClient', 'createSessionStore', 'createSignupFlow', 'transition']) {
        expect(chunks.some((chunk) => chunk.exports.includes(name)), name).toBe(true);
      }
      expect(code).not.toMatch(/from ['"](react|react-dom|preact)(\/[^'"]*)?['"]/);
    } finally {
      await bundle.close();
    }
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
