// A schema's `pattern` is checked in linear time (shared/model/schema-pattern.ts), by the one validator the edit
// form and the main process share: a catastrophic pattern from the platform's /openapi.json hangs neither, and
// a pattern means what it means in JavaScript (JSON Schema's dialect).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { fieldOf, problemsOf, validatorFor } from '../../../shared/model/explorer';
import { linearPattern } from '../../../shared/model/schema-pattern';

const modules = {
  tsx: pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href,
  explorer: new URL('../../../shared/model/explorer.ts', import.meta.url).href,
  adapter: new URL('../../../electron/services/platform/openapi-explorer.ts', import.meta.url).href,
};

// Runs in a worker so that a backtracking check, which blocks its thread for minutes or more, fails this test
// instead of freezing the test runner: the same checks as the form (validatorFor) and the main process
// (updateRecord, before any PATCH) on patterns that make JavaScript's RegExp backtrack exponentially.
const HOSTILE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  (await import(workerData.tsx)).register();
  const { fieldOf, validatorFor, problemsOf } = await import(workerData.explorer);
  const { deriveCatalog, updateRecord } = await import(workerData.adapter);
  const out = [];
  for (const [pattern, text] of workerData.cases) {
    const field = fieldOf('code', { type: 'string', pattern }, false);
    const form = validatorFor([field]).safeParse({ code: text });
    const document = { paths: { '/school': {
      get: { operationId: 'getSchool', 'x-required-scope': 'school:read', responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } } },
      patch: { operationId: 'updateSchool', 'x-required-scope': 'school:write', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { code: { type: 'string', pattern } } } } } } },
    } } };
    const sent = [];
    const main = await updateRecord(async (_spec, _schema, args) => { sent.push(args.body); return {}; }, deriveCatalog(document), 'school', null, { code: text })
      .then(() => 'sent', (error) => error.message);
    out.push({ form: form.success ? 'ok' : problemsOf(form.error).code, main, sent: sent.length });
  }
  parentPort.postMessage(out);
})().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

function inWorker(cases: [pattern: string, text: string][]): Promise<unknown> {
  const worker = new Worker(HOSTILE, { eval: true, workerData: { ...modules, cases } });
  return new Promise<unknown>((resolve, reject) => {
    // Not a timing assertion: a generous bound so that a hang reads as a failure, not as a stuck run.
    const stuck = setTimeout(() => reject(new Error('the check did not finish: the pattern backtracked')), 20_000);
    worker.once('message', (message) => {
      clearTimeout(stuck);
      resolve(message);
    });
    worker.once('error', (error) => {
      clearTimeout(stuck);
      reject(error);
    });
  }).finally(() => void worker.terminate());
}

describe('a catastrophic pattern from the platform', () => {
  it('hangs neither the form nor the main process: both still answer, and refuse the text', async () => {
    const text = `${'a'.repeat(5_000)}!`;
    const result = await inWorker([
      ['^(a+)+$', text],
      ['^(a|a)*$', text],
      ['^(a|aa)+$', text],
      ['^(\\w+\\s?)*$', text],
    ]);
    const refused = { form: expect.stringMatching(/^must match the form the platform asks for/), main: expect.stringMatching(/^Code: must match the form/), sent: 0 };
    expect(result).toEqual([refused, refused, refused, refused]);
  }, 60_000);
});

describe('linearPattern', () => {
  const patterns = [
    '^#[0-9a-fA-F]{6}$', '^\\S+$', '^\\s*$', 'a.b', '^[^\\s]+$', '[\\s\\d]', '^\\p{L}+$', '^[\\u4e00-\\u9fff]{2,4}$',
    '(?<year>\\d{4})-\\d\\d', '^$', '', 'x|y', '^a\\.b$', '\\\\s', '[\\\\s]', '^\\w+@\\w+\\.\\w{2,}$', '[^]', '\\bword\\b',
    '^\\d{3}-\\d{4}$', '[\\]]', '[a\\-z]', '\\/', '^[-a-z0-9_]+$', '\\u{1F600}', '^(a+)+$', '^[\\s\\S]{2,}$',
  ];
  const texts = [
    '#a1b2c3', 'abc', 'a b', 'a\u3000b', '\u3000', '', ' ', 'a\nb', 'a\rb', 'a\u2028b', 'a.b', 'axb', '中文字', '2026-11', 'word', 'x words',
    'a@b.tw', '\\s', 's', ']', '-', '/', '😀', 'aaaa', 'aaaa!', '012-3456', 'a-z',
  ];

  it('means what the pattern means in JavaScript, with Unicode white space (U+3000) and line ends', () => {
    const disagreements: string[] = [];
    for (const pattern of patterns) {
      const linear = linearPattern(pattern);
      expect(linear, pattern).not.toBeNull();
      const native = new RegExp(pattern, 'u');
      for (const text of texts) if (linear!.test(text) !== native.test(text)) disagreements.push(`${pattern} on ${JSON.stringify(text)}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('leaves out what it cannot check in linear time, and the field says the platform checks it', () => {
    for (const pattern of ['(a)\\1', '(?<x>a)\\k<x>', '(?=a)b', '(?!\\.)x', '(?<=a)b', '[^\\S]', '[]', '(', 'x'.repeat(501), '[\\s\\S]{900}']) {
      expect(linearPattern(pattern), pattern).toBeNull();
      const field = fieldOf('code', { type: 'string', pattern }, false);
      expect(field, pattern).not.toHaveProperty('pattern');
      expect(field, pattern).toMatchObject({ kind: 'string', patternUnchecked: true });
      expect(validatorFor([field!]).safeParse({ code: 'anything' }).success).toBe(true);
    }
  });

  it('never refuses more than JavaScript would: \\S inside a class may let other Unicode spaces through', () => {
    const linear = linearPattern('^[a\\S]+$')!;
    for (const text of ['abc', 'a1', '中', ' ', 'a b']) expect(linear.test(text), text).toBe(/^[a\S]+$/u.test(text));
    // JavaScript refuses the ideographic space here; the app lets it through and the platform, which checks, refuses it.
    expect([linear.test('\u3000'), /^[a\S]+$/u.test('\u3000')]).toEqual([true, false]);
  });

  it('is the check of the validator: Chinese text against a pattern of CJK characters', () => {
    const field = fieldOf('name', { type: 'string', pattern: '^[\\u4e00-\\u9fff]+$' }, false)!;
    expect(field).toMatchObject({ pattern: '^[\\u4e00-\\u9fff]+$' });
    expect(validatorFor([field]).safeParse({ name: '王小明' }).success).toBe(true);
    const refused = validatorFor([field]).safeParse({ name: 'Wang' });
    expect(refused.success ? null : problemsOf(refused.error)).toEqual({ name: 'must match the form the platform asks for (^[\\u4e00-\\u9fff]+$)' });
  });
});
