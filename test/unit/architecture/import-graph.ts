// The app's import graph as TypeScript parses it: every module of a tree, what it imports (static, dynamic,
// type-only and re-exports alike) and what it exports. The layer test (which folder may import which, no
// circles) and the dead-export check read it; both also run it on small synthetic trees to show they can fail.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

interface ModuleImport {
  /** The imported module, relative to the root ('renderer/lib/format.ts'); null for a package or a missing file. */
  target: string | null;
  specifier: string;
  line: number;
  /** The names it takes; '*' for a namespace import, a dynamic import or `export *`; [] for a side-effect import. */
  names: string[] | '*';
}

interface ModuleInfo {
  file: string;
  imports: ModuleImport[];
  /** The names it exports itself, with their lines ('default' for a default export). */
  exports: Map<string, number>;
  /** Names it re-exports from another module (`export { x } from`, `export *`): a use of that module's export. */
  reexports: ModuleImport[];
  /** Identifiers it mentions anywhere besides its own declarations' names (to tell "used only here" from "unused"). */
  mentions: Set<string>;
}

/** A tree to read: files by path relative to the root, so a test can hand in a synthetic one. */
export interface SourceTree {
  files: readonly string[];
  read(file: string): string;
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '/index.ts', '/index.tsx'];

export function diskTree(root: string, dirs: readonly string[]): SourceTree {
  const files = dirs.flatMap((dir) => {
    const full = join(root, dir);
    if (!existsSync(full)) return [];
    if (statSync(full).isFile()) return [dir];
    return readdirSync(full, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(tsx?|mts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') && !e.name.endsWith('.d.mts'))
      .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
      .filter((f) => !f.split('/').includes('node_modules'));
  });
  return { files, read: (file) => readFileSync(resolve(root, file), 'utf8') };
}

export function parseTree(tree: SourceTree): Map<string, ModuleInfo> {
  const known = new Set(tree.files);
  const resolveFrom = (file: string, specifier: string): string | null => {
    if (!specifier.startsWith('.')) return null;
    const base = posix.normalize(posix.join(posix.dirname(file), specifier));
    if (known.has(base)) return base;
    for (const ext of EXTENSIONS) if (known.has(base + ext)) return base + ext;
    return null;
  };
  const modules = new Map<string, ModuleInfo>();
  for (const file of tree.files) modules.set(file, parseModule(file, tree.read(file), (s) => resolveFrom(file, s)));
  return modules;
}

function parseModule(file: string, text: string, resolveSpecifier: (specifier: string) => string | null): ModuleInfo {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const info: ModuleInfo = { file, imports: [], exports: new Map(), reexports: [], mentions: new Set() };
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const add = (list: ModuleImport[], specifier: ts.StringLiteralLike, names: string[] | '*') =>
    list.push({ target: resolveSpecifier(specifier.text), specifier: specifier.text, line: lineOf(specifier), names });
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  const declarationNames = new Set<ts.Node>();

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      let all = false;
      if (clause?.name) names.push('default');
      if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) all = true;
      if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        for (const el of clause.namedBindings.elements) names.push((el.propertyName ?? el.name).text);
      }
      add(info.imports, node.moduleSpecifier, all ? '*' : names);
    } else if (ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const names = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements.map((el) => (el.propertyName ?? el.name).text) : '*';
        add(info.imports, node.moduleSpecifier, names);
        add(info.reexports, node.moduleSpecifier, names);
        if (node.exportClause && ts.isNamedExports(node.exportClause)) for (const el of node.exportClause.elements) info.exports.set(el.name.text, lineOf(el));
        else if (node.exportClause && ts.isNamespaceExport(node.exportClause)) info.exports.set(node.exportClause.name.text, lineOf(node));
      } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const el of node.exportClause.elements) {
          info.exports.set(el.name.text, lineOf(el));
          info.mentions.add((el.propertyName ?? el.name).text);
        }
      }
    } else if (ts.isExportAssignment(node)) {
      info.exports.set('default', lineOf(node));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      add(info.imports, node.arguments[0], '*');
    } else if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments?.[0] && ts.isStringLiteralLike(node.arguments[0]) && /^\.\.?\/.*\.m?tsx?$/.test(node.arguments[0].text)) {
      // A module loaded by its path (tsx's tsImport from a script, a worker's file URL).
      add(info.imports, node.arguments[0], '*');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const qualifier = node.qualifier ? (ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.getText(source).split('.')[0]!) : null;
      add(info.imports, node.argument.literal, qualifier ? [qualifier] : '*');
    }
    if (exported(node)) {
      if (isDefault(node)) info.exports.set('default', lineOf(node));
      else if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) {
            info.exports.set(d.name.text, lineOf(d));
            declarationNames.add(d.name);
          }
        }
      } else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node) || ts.isModuleDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
        info.exports.set(node.name.text, lineOf(node));
        declarationNames.add(node.name);
      }
    }
    if (ts.isIdentifier(node) && !declarationNames.has(node)) info.mentions.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return info;
}

// ---- layers and circles -----------------------------------------------------------------------------------

/** The folder (layer) a file belongs to: the longest of `layers` it lies in, or null. */
export function layerOf(file: string, layers: readonly string[]): string | null {
  let best: string | null = null;
  for (const layer of layers) {
    if ((file === layer || file.startsWith(`${layer}/`)) && (best === null || layer.length > best.length)) best = layer;
  }
  return best;
}

interface LayerViolation {
  file: string;
  line: number;
  from: string;
  to: string;
}

/** Every import from one layer into another that the table does not allow (a layer may always import itself). */
export function forbiddenImports(modules: Map<string, ModuleInfo>, allowed: Readonly<Record<string, readonly string[]>>): LayerViolation[] {
  const layers = Object.keys(allowed);
  const found: LayerViolation[] = [];
  for (const info of modules.values()) {
    const from = layerOf(info.file, layers);
    if (from === null) continue;
    for (const imp of info.imports) {
      if (imp.target === null) continue;
      const to = layerOf(imp.target, layers);
      if (to === null || to === from || allowed[from]!.includes(to)) continue;
      found.push({ file: info.file, line: imp.line, from, to });
    }
  }
  return found;
}

/** The circles of a directed graph (strongly connected components of more than one node, or a self-loop), each sorted. */
export function circlesOf(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.get(node)?.has(node)) circles.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!indexOf.has(node)) connect(node);
  return circles;
}

/** File → the files it imports (within the tree). */
export function fileEdges(modules: Map<string, ModuleInfo>): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const info of modules.values()) edges.set(info.file, new Set(info.imports.flatMap((i) => (i.target && i.target !== info.file ? [i.target] : []))));
  return edges;
}

/** Layer → the other layers it imports. */
export function layerEdges(modules: Map<string, ModuleInfo>, layers: readonly string[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of fileEdges(modules)) {
    const from = layerOf(file, layers);
    if (from === null) continue;
    const set = edges.get(from) ?? new Set<string>();
    edges.set(from, set);
    for (const target of targets) {
      const to = layerOf(target, layers);
      if (to !== null && to !== from) set.add(to);
    }
  }
  return edges;
}

// ---- dead exports -----------------------------------------------------------------------------------------

interface ExportUse {
  file: string;
  name: string;
  line: number;
  /** 'unused': nothing mentions it; 'local': only its own file does, so it need not be exported. */
  kind: 'unused' | 'local';
}

/**
 * Exports no other module imports. `entries` are modules whose exports are used from outside the graph (an
 * entry point, a config a tool loads): their exports count as used.
 */
export function unimportedExports(modules: Map<string, ModuleInfo>, entries: readonly string[] = []): ExportUse[] {
  const used = new Map<string, Set<string>>();
  const all = new Set<string>(entries);
  const mark = (target: string, names: string[] | '*', seen = new Set<string>()) => {
    if (names === '*') {
      all.add(target);
      // `export * from` passes every name on: they are all used when the barrel is.
      for (const re of modules.get(target)?.reexports ?? []) if (re.target && !seen.has(re.target)) mark(re.target, re.names, new Set([...seen, target]));
      return;
    }
    const set = used.get(target) ?? new Set<string>();
    used.set(target, set);
    for (const name of names) {
      set.add(name);
      // A name used through a barrel is a use of the module the barrel takes it from.
      for (const re of modules.get(target)?.reexports ?? []) {
        if (!re.target || seen.has(re.target)) continue;
        if (re.names === '*' || re.names.includes(name)) mark(re.target, [name], new Set([...seen, target]));
      }
    }
  };
  for (const info of modules.values()) {
    for (const imp of info.imports) {
      if (imp.target === null) continue;
      // A re-export is a use only once something imports the name from the barrel (marked through `mark`).
      if (info.reexports.some((re) => re.line === imp.line && re.specifier === imp.specifier)) continue;
      mark(imp.target, imp.names);
    }
  }
  const found: ExportUse[] = [];
  for (const info of modules.values()) {
    if (all.has(info.file)) continue;
    const names = used.get(info.file);
    for (const [name, line] of info.exports) {
      if (names?.has(name)) continue;
      if (info.reexports.some((re) => re.names !== '*' && re.names.includes(name))) {
        found.push({ file: info.file, name, line, kind: 'unused' });
        continue;
      }
      found.push({ file: info.file, name, line, kind: info.mentions.has(name) ? 'local' : 'unused' });
    }
  }
  return found;
}

export const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../../..');
