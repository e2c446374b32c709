// Issue 11: the platform's wire format is read in one place, the platform adapter. Outside it (and outside the
// HTTP client and OAuth, which speak to the platform by nature) no module of the app, main process, renderer or
// shared contract, imports the platform's payload schemas or paths (shared/platform/*) or names a platform
// operation ('listCoupons', 'getSchool' …). Checked on the parsed source (TypeScript's own parser), so a comment
// that mentions an operation is no violation and an import spelled any way is found. And the IPC contract itself
// (shared/ipc/*) declares no snake_case field: what crosses to the renderer is the app's model.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EVENTS, METHODS } from '../../../shared/ipc';
import { OPERATIONS } from '../../../shared/platform/endpoints';

const ROOT = resolve(__dirname, '../../..');
const SCANNED = ['electron', 'renderer', 'shared'];

/** The adapter and the two parts that talk to the platform itself. */
const PLATFORM_SIDE = ['electron/services/platform/', 'electron/services/api/', 'electron/services/auth/', 'shared/platform/'];

const OPERATION_IDS = new Set(Object.keys(OPERATIONS));

interface Violation {
  file: string;
  line: number;
  what: string;
}

/** Where a module reads the platform: imports of shared/platform/*, and string literals that name an operation. */
function platformReads(file: string, text: string): Violation[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Violation[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const importsPlatform = (specifier: string) => {
    const target = relative(ROOT, resolve(dirname(resolve(ROOT, file)), specifier)).split(sep).join('/');
    return target === 'shared/platform' || target.startsWith('shared/platform/');
  };
  const visit = (node: ts.Node) => {
    const specifier =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])
          ? node.arguments[0]
          : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)
            ? node.argument.literal
            : null;
    if (specifier && importsPlatform(specifier.text)) {
      found.push({ file, line: at(specifier), what: `imports ${specifier.text}` });
    } else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && OPERATION_IDS.has(node.text)) {
      found.push({ file, line: at(node), what: `names the platform operation '${node.text}'` });
    } else if (file.startsWith('renderer/')) {
      // The renderer gets the app's model only: reading a platform field (`record.updated_at`) means a wire
      // detail leaked past the adapter.
      const field = ts.isPropertyAccessExpression(node) ? node.name.text : ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression) ? node.argumentExpression.text : null;
      if (field !== null && /^[a-z]+(_[a-z0-9]+)+$/.test(field)) found.push({ file, line: at(node), what: `reads the platform field '${field}'` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'));
}

const under = (file: string, prefixes: readonly string[]) => prefixes.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));

/** Every snake_case field name a schema declares, by where it is (JSON Schema of the schema, output or input side). */
function snakeCaseFields(schema: z.ZodType, io: 'input' | 'output', where: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, path));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object') {
        for (const [field, fieldSchema] of Object.entries(value)) {
          if (field.includes('_')) found.push(`${path}.${field}`);
          walk(fieldSchema, `${path}.${field}`);
        }
      } else walk(value, path);
    }
  };
  walk(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), where);
  return [...new Set(found)];
}

describe('the platform adapter is the only reader of the platform', () => {
  it('finds what it is meant to find (an import of shared/platform, an operation name), and not a mention in a comment', () => {
    const text = [
      "import { Coupon } from '../../../shared/platform/resources';",
      "import type { OperationId } from '../../../shared/platform/endpoints';",
      "const load = () => import('../../../shared/platform/resources');",
      "type C = import('../../../shared/platform/resources').Coupon;",
      "// 'listCoupons' in a comment is fine",
      "caller.paginate(accountId, 'listCoupons', Coupon);",
      'const op = `getSchool`;',
      "const label = 'listCouponsLater';",
    ].join('\n');
    expect(platformReads('electron/services/money/example.ts', text).map((v) => [v.line, v.what])).toEqual([
      [1, 'imports ../../../shared/platform/resources'],
      [2, 'imports ../../../shared/platform/endpoints'],
      [3, 'imports ../../../shared/platform/resources'],
      [4, 'imports ../../../shared/platform/resources'],
      [6, "names the platform operation 'listCoupons'"],
      [7, "names the platform operation 'getSchool'"],
    ]);
    // The renderer reads no platform field, by name or by key; an app field or a computed key is no violation.
    const reads = "const a = record.updated_at; const b = record['next_cursor']; const c = record.updatedAt; const d = record[key];";
    expect(platformReads('renderer/features/example.tsx', reads).map((v) => v.what)).toEqual(["reads the platform field 'updated_at'", "reads the platform field 'next_cursor'"]);
    // The same import from inside the adapter resolves to the same folder; from elsewhere, a look-alike path is not it.
    expect(platformReads('electron/services/money/example.ts', "import { x } from './shared/platform/resources';")).toEqual([]);
  });

  it('no module outside electron/services/{platform,api,auth} and shared/platform reads the platform', () => {
    const files = SCANNED.flatMap(sourceFiles).filter((f) => !under(f, PLATFORM_SIDE));
    expect(files.length).toBeGreaterThan(100);
    const violations = files.flatMap((file) => platformReads(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(violations.map((v) => `${v.file}:${v.line} ${v.what}`)).toEqual([]);
  });

  it('no IPC method or event carries a snake_case field: the contract speaks the app\'s model', () => {
    expect(snakeCaseFields(z.object({ list: z.array(z.object({ updated_at: z.string() })) }), 'output', 'example')).toEqual(['example.list.updated_at']);
    const found = [
      ...Object.entries(METHODS)
        .flatMap(([name, def]) => [...snakeCaseFields(def.input, 'input', `${name} input`), ...snakeCaseFields(def.output, 'output', `${name} output`)]),
      ...Object.entries(EVENTS).flatMap(([name, def]) => snakeCaseFields(def.payload, 'output', `${name} event`)),
    ];
    expect(found).toEqual([]);
  });
});
