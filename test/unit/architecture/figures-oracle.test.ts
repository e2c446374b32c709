// The figures oracle (test/support/figures-oracle.ts) can only prove the app's figures if it cannot agree with
// them by sharing their code: every module it reaches, following every import that is not type-only, is one of
// its own two files; its type-only imports name the platform's payloads and nothing else; and it keeps its own
// calendar (no Intl, no Temporal). Its calendar's rules are then checked against the system's time-zone data.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { knownZones, periodStarts, sameTimeYearEarlier, wallTime } from '../../support/oracle-calendar';

const ROOT = resolve(__dirname, '../../..');
const ORACLE = ['test/support/figures-oracle.ts', 'test/support/oracle-calendar.ts'];
const TYPES_FROM = ['shared/platform/resources.ts'];

interface Imported {
  target: string;
  typeOnly: boolean;
}

function importsOf(file: string): { imports: Imported[]; names: Set<string> } {
  const text = readFileSync(resolve(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports: Imported[] = [];
  const names = new Set<string>();
  const target = (specifier: string) => {
    const path = relative(ROOT, resolve(dirname(resolve(ROOT, file)), specifier)).split(sep).join('/');
    return path.endsWith('.ts') ? path : `${path}.ts`;
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true || isAllTypes(node) : node.isTypeOnly || isAllTypeExports(node);
      imports.push({ target: target(node.moduleSpecifier.text), typeOnly });
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      imports.push({ target: 'a dynamic import', typeOnly: false });
    } else if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, names };
}

function isAllTypes(node: ts.ImportDeclaration): boolean {
  const bindings = node.importClause?.namedBindings;
  return !node.importClause?.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function isAllTypeExports(node: ts.ExportDeclaration): boolean {
  const clause = node.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

describe('the figures oracle', () => {
  it('reaches only its own files and the platform payload types: no engine, adapter, sandbox or report code', () => {
    const reached = new Set<string>();
    const queue = [ORACLE[0]!];
    const typeImports = new Set<string>();
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (reached.has(file)) continue;
      reached.add(file);
      for (const { target, typeOnly } of importsOf(file).imports) {
        if (typeOnly) typeImports.add(target);
        else queue.push(target);
      }
    }
    expect([...reached].sort()).toEqual([...ORACLE].sort());
    expect([...typeImports].filter((t) => !ORACLE.includes(t)).sort()).toEqual(TYPES_FROM);
  });

  it('keeps its own calendar: neither Intl nor Temporal appears in it', () => {
    for (const file of ORACLE) {
      const { names } = importsOf(file);
      expect(names.has('Intl'), file).toBe(false);
      expect(names.has('Temporal'), file).toBe(false);
    }
  });

  it("has each zone's rules right: the system's wall clock every 6 hours from 2019 to 2030, and its changes to the minute", () => {
    const MINUTE = 60_000;
    for (const timeZone of knownZones()) {
      const system = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
      const systemWall = (t: number) => {
        const p: Record<string, number> = {};
        for (const part of system.formatToParts(t)) p[part.type] = Number(part.value);
        return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
      };
      const oracleWall = (t: number) => {
        const w = wallTime(t, timeZone);
        return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}`;
      };
      const wrong: string[] = [];
      let changes = 0;
      for (let t = Date.UTC(2019, 0, 2); t < Date.UTC(2031, 0, 1); t += 360 * MINUTE) {
        if (systemWall(t) !== oracleWall(t)) wrong.push(new Date(t).toISOString());
        // Where the offset changed within those hours, both must change at the same minute.
        const offset = (at: number) => {
          const w = wallTime(at, timeZone);
          return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(at / MINUTE) * MINUTE;
        };
        if (offset(t) === offset(t + 360 * MINUTE)) continue;
        changes++;
        for (let m = t; m <= t + 360 * MINUTE; m += MINUTE) if (systemWall(m) !== oracleWall(m)) wrong.push(new Date(m).toISOString());
      }
      expect({ timeZone, wrong: wrong.slice(0, 3) }).toEqual({ timeZone, wrong: [] });
      if (timeZone.includes('/') && !timeZone.startsWith('Asia/') && !timeZone.startsWith('Etc/')) expect(changes, timeZone).toBeGreaterThanOrEqual(20);
    }
  });

  it('starts days at the midnight the clock lands on, and maps 29 February to 1 March a year earlier', () => {
    // Santiago skips midnight on 7 September 2025: the day starts at 01:00 local (04:00 UTC).
    const days = periodStarts(Date.UTC(2025, 8, 6, 12), Date.UTC(2025, 8, 8, 12), 'day', 'America/Santiago');
    expect(days.map((t) => new Date(t).toISOString())).toEqual(['2025-09-06T04:00:00.000Z', '2025-09-07T04:00:00.000Z', '2025-09-08T03:00:00.000Z']);
    // Lord Howe's 30-minute shift: 5 October 2025 is 23.5 hours long.
    const [a, b] = periodStarts(Date.UTC(2025, 9, 4, 14), Date.UTC(2025, 9, 5, 14), 'day', 'Australia/Lord_Howe');
    expect(b! - a!).toBe(23.5 * 3_600_000);
    expect(new Date(sameTimeYearEarlier(Date.UTC(2028, 1, 29, 3), 'Asia/Tokyo')).toISOString()).toBe('2027-03-01T03:00:00.000Z');
    // A time the clock repeats a year earlier (New York, 1:30 on 2 November 2025 happened twice): its first instant.
    expect(new Date(sameTimeYearEarlier(Date.UTC(2026, 10, 2, 6, 30), 'America/New_York')).toISOString()).toBe('2025-11-02T05:30:00.000Z');
  });
});
