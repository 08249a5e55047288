import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No file of the server imports itself back, however long the way round. A cycle makes the
// order of module evaluation matter (a value read before its module ran is undefined), and it
// ties leaves (a route, a service) to the roots that assemble them (app.ts, services.ts): the
// types a leaf needs from a root live in files of their own (app-types.ts). Imports are resolved
// with the TypeScript compiler, as the build resolves them.
//
// Type-only imports count too: they vanish from the built JavaScript, so they cannot break
// evaluation, but a leaf that imports a root's types still depends on the root's whole file.
// The answer lists them apart, so a reader sees whether a cycle is about values or types.

const SERVER = path.resolve(__dirname, '..');
const SRC = path.join(SERVER, 'src');

type Edge = { to: string; isTypeOnly: boolean };

function listSourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

function readCompilerOptions(): ts.CompilerOptions {
  const configPath =
    ts.findConfigFile(SERVER, ts.sys.fileExists, 'tsconfig.json') ??
    ts.findConfigFile(path.resolve(SERVER, '../..'), ts.sys.fileExists, 'tsconfig.json');
  if (!configPath) throw new Error('no tsconfig.json found');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(configPath)).options;
}

/** Whether an import or export brings in only types (erased from the built JavaScript). */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/** Each server file's imports of other server files. */
function readImportGraph(files: string[], options: ts.CompilerOptions): Map<string, Edge[]> {
  const graph = new Map<string, Edge[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const edges: Edge[] = [];
    const add = (specifier: string, typeOnly: boolean) => {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && resolved.startsWith(SRC + path.sep) && !resolved.endsWith('.d.ts'))
        edges.push({ to: path.resolve(resolved), isTypeOnly: typeOnly });
    };
    const visit = (node: ts.Node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        add(node.moduleSpecifier.text, isTypeOnly(node));
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        add(node.arguments[0].text, false); // import('...'): loaded at run time
      }
      node.forEachChild(visit);
    };
    visit(source);
    graph.set(path.resolve(file), edges);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function findCycles(graph: Map<string, Edge[]>, includeTypeOnly: boolean): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const next = (file: string) =>
    (graph.get(file) ?? []).filter((e) => includeTypeOnly || !e.isTypeOnly).map((e) => e.to);
  const connect = (file: string) => {
    indices.set(file, index);
    low.set(file, index);
    index++;
    stack.push(file);
    onStack.add(file);
    for (const to of next(file)) {
      if (!indices.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, indices.get(to)!));
      }
    }
    if (low.get(file) === indices.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || next(file).includes(file))
        cycles.push(component.map((f) => path.relative(SRC, f)).sort());
    }
  };
  for (const file of graph.keys()) if (!indices.has(file)) connect(file);
  return cycles;
}

describe('import cycles in apps/server/src', () => {
  const graph = readImportGraph(listSourceFiles(SRC), readCompilerOptions());

  it('resolves the imports it reads (the check itself)', () => {
    const services = graph.get(path.join(SRC, 'services.ts')) ?? [];
    expect(services.some((e) => e.to === path.join(SRC, 'modules/ledger/ledger.module.ts') && !e.isTypeOnly)).toBe(
      true,
    );
    const cycle = findCycles(
      new Map([
        ['/a.ts', [{ to: '/b.ts', isTypeOnly: false }]],
        ['/b.ts', [{ to: '/a.ts', isTypeOnly: true }]],
      ]),
      true,
    );
    expect(cycle).toHaveLength(1);
  });

  it('has no cycle of value imports (those change the order modules run in)', () => {
    expect(findCycles(graph, false)).toEqual([]);
  });

  it('has no cycle even counting type-only imports', () => {
    expect(findCycles(graph, true)).toEqual([]);
  });
});
