// The explorer's reading of a platform's /openapi.json, in-process: the numbers behind the bounds in
// electron/services/platform/openapi-refs.ts and shared/model/schema-pattern.ts. Prints, asserts nothing.
//   - deriving the areas from the sandbox's document, inline and with components/$ref/allOf;
//   - refusing a document built to unfold exponentially (allOf doubling over 40 levels);
//   - a pattern check on 10 000 characters: a catastrophic pattern, and patterns at the compiled-size cap.
// Run: npx tsx test/bench/explorer-document.ts [--rounds 5]
import { deriveCatalog } from '../../electron/services/platform/openapi-explorer';
import { linearPattern } from '../../shared/model/schema-pattern';
import { createBusinessRoutes } from '../sandbox/api';
import { createDemoPlatform } from '../sandbox/data';
import { buildOpenApi } from '../sandbox/openapi';

const at = process.argv.indexOf('--rounds');
const ROUNDS = Math.max(1, Number(at >= 0 ? process.argv[at + 1] : 5) || 5);

/** The median and the worst of ROUNDS runs of `run`, in ms. */
function measure(run: () => void): string {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, worst ${times.at(-1)!.toFixed(1)} ms`;
}

const routes = createBusinessRoutes(createDemoPlatform({ orders: 50, seed: 3, now: new Date('2026-11-21T00:00:00Z') }));
for (const style of ['inline', 'components'] as const) {
  const text = JSON.stringify(buildOpenApi('http://127.0.0.1:4000', routes, new Set(), style));
  console.log(`areas from the sandbox document (${style}, ${(text.length / 1024).toFixed(0)} KB): ${measure(() => deriveCatalog(JSON.parse(text)))}`);
}

const schemas: Record<string, unknown> = { L0: { type: 'object', properties: { x: { type: 'string' } } } };
for (let i = 1; i <= 40; i++) schemas[`L${i}`] = { allOf: [{ $ref: `#/components/schemas/L${i - 1}` }, { $ref: `#/components/schemas/L${i - 1}` }] };
const exploding = {
  paths: {
    '/api/v1/school': {
      get: { operationId: 'getSchool', 'x-required-scope': 'school:read', responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } } },
      patch: { operationId: 'updateSchool', 'x-required-scope': 'school:write', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/L40' } } } } },
    },
  },
  components: { schemas },
};
console.log(`refusing a document of 2^40 allOf copies: ${measure(() => {
  try {
    deriveCatalog(exploding);
  } catch {
    // refused, as it should be: the time to get there is the number
  }
})}`);

const text = `${'a'.repeat(10_000)}!`;
for (const pattern of ['^(a+)+$', '^(\\w+\\s?)*$', '[\\s\\S]{498}', '\\p{L}{498}', '\\p{L}{600}', '^#[0-9a-fA-F]{6}$']) {
  const linear = linearPattern(pattern);
  if (!linear) {
    console.log(`pattern ${pattern}: not checked (over the caps)`);
    continue;
  }
  console.log(`pattern ${pattern} on 10 000 characters: ${measure(() => linear.test(text))}`);
}
