import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints';

type OutputAsset = Rolldown.OutputAsset;
type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

function chunk(fileName: string, code: string): OutputChunk {
  return { type: 'chunk', fileName, code } as OutputChunk;
}

function generate(bundle: Record<string, OutputChunk | OutputAsset>) {
  const plugin = compileHints();
  const hook = plugin.generateBundle as (options: unknown, bundle: OutputBundle) => void;
  hook.call({}, {}, bundle as unknown as OutputBundle);
}

describe('compileHints', () => {
  it('starts every chunk with the hint, once, and leaves other files alone', () => {
    const css = { type: 'asset', fileName: 'assets/index.css', source: 'a{}' } as OutputAsset;
    const bundle = {
      'assets/vendor.js': chunk('assets/vendor.js', 'import{r}from"./runtime.js";export{r};'),
      'assets/index.js': chunk('assets/index.js', 'console.log(1);'),
      'assets/index.css': css,
    };
    generate(bundle);
    generate(bundle);
    expect(bundle['assets/vendor.js'].code).toBe(`${COMPILE_HINT}import{r}from"./runtime.js";export{r};`);
    expect(bundle['assets/index.js'].code).toBe(`${COMPILE_HINT}console.log(1);`);
    expect(css.source).toBe('a{}');
  });

  it('shifts a chunk’s source map by the line it adds', () => {
    const map = {
      type: 'asset',
      fileName: 'assets/index.js.map',
      source: JSON.stringify({ version: 3, mappings: 'AAAA' }),
    } as OutputAsset;
    const bundle = { 'assets/index.js': chunk('assets/index.js', 'x();'), 'assets/index.js.map': map };
    generate(bundle);
    expect(JSON.parse(map.source as string).mappings).toBe(';AAAA');
  });
});
