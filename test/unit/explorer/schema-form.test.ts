// JSON Schema → form fields → one validator (shared/model/explorer.ts): what the edit form and the main process
// both check before a PATCH is sent.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldOf, fieldsOf, inputFromValue, problemsOf, validatorFor, valueFromInput } from '../../../shared/model/explorer';
import { inverseOf, describeWrite, type WriteRequest } from '../../../shared/model/writes';

const schema = z.toJSONSchema(z.object({
  name: z.string().min(1).max(10),
  price: z.int().nonnegative().max(1000).optional(),
  ratio: z.number().min(0).max(1).optional(),
  state: z.enum(['draft', 'published']).optional(),
  visible: z.boolean().optional(),
  starts_at: z.iso.datetime({ offset: true }).optional(),
  logo_url: z.url().nullable().optional(),
  color: z.string().regex(/^#[0-9a-f]{6}$/).optional(),
  tags: z.array(z.string()).optional(),
}).strict());

describe('fieldsOf', () => {
  const fields = fieldsOf(schema);

  it('maps each scalar type with its bounds and skips what a form cannot edit', () => {
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['name', 'string', true], ['price', 'integer', false], ['ratio', 'number', false], ['state', 'enum', false],
      ['visible', 'boolean', false], ['starts_at', 'date-time', false], ['logo_url', 'string', false], ['color', 'string', false],
    ]);
    expect(fields[0]).toMatchObject({ minLength: 1, maxLength: 10, label: 'Name' });
    expect(fields[1]).toMatchObject({ minimum: 0, maximum: 1000 });
    expect(fields[3]!.options).toEqual(['draft', 'published']);
    expect(fields[6]).toMatchObject({ nullable: true, format: 'uri', label: 'Logo url' });
  });

  it('reads type lists with null and ignores malformed schemas', () => {
    expect(fieldOf('x', { type: ['integer', 'null'] }, false)).toMatchObject({ kind: 'integer', nullable: true });
    expect(fieldOf('x', { type: 'object' }, false)).toBeNull();
    expect(fieldOf('x', 'nonsense', false)).toBeNull();
    expect(fieldOf('x', { type: 'string', pattern: '(' }, false)).not.toHaveProperty('pattern');
    expect(fieldsOf(null)).toEqual([]);
  });
});

describe('validatorFor', () => {
  const fields = fieldsOf(schema);
  const check = (value: Record<string, unknown>) => {
    const result = validatorFor(fields).safeParse(value);
    return result.success ? 'ok' : problemsOf(result.error);
  };

  it('accepts a partial change that fits the schema', () => {
    expect(check({ price: 12, state: 'draft', visible: false, logo_url: null, color: '#00ff00' })).toBe('ok');
  });

  it('names each problem at its field', () => {
    expect(check({ name: '', price: -1, ratio: 2, state: 'gone', starts_at: 'tomorrow', logo_url: 'not a url', color: 'red' })).toEqual({
      name: 'must not be empty',
      price: 'must be at least 0',
      ratio: 'must be at most 1',
      state: 'must be one of draft, published',
      starts_at: 'must be a date and time such as 2026-05-01T09:00:00Z',
      logo_url: 'must be a web address such as https://…',
      color: 'must match the form the platform asks for (^#[0-9a-f]{6}$)',
    });
    expect(check({ name: 'x'.repeat(11) })).toEqual({ name: 'must be at most 10 characters' });
    expect(check({ price: '12a' })).toEqual({ price: 'must be a whole number' });
    expect(check({ secret: 1 })).toEqual({ secret: 'is not a field the platform accepts' });
  });

  it('requires required fields when the whole object is checked', () => {
    expect(validatorFor(fields, { partial: false }).safeParse({}).success).toBe(false);
  });

  it('keeps what the admin typed: text that is not a number stays text for the validator to name', () => {
    const price = fields[1]!;
    expect(valueFromInput(price, ' 42 ')).toBe(42);
    expect(valueFromInput(price, '4x')).toBe('4x');
    expect(valueFromInput(fields[6]!, '')).toBeNull();
    expect(inputFromValue(price, 42)).toBe('42');
    expect(inputFromValue(fields[4]!, true)).toBe(true);
  });
});

describe('record.update words and Undo', () => {
  const request: WriteRequest = {
    kind: 'record.update', area: 'posts', recordId: 'post_1', name: 'Hello', changes: { title: 'Hi', published: false },
    previous: { title: 'Hello', published: true }, scope: 'posts:write', seenUpdatedAt: null,
  };

  it('confirms a change learners see, naming the record and fields', () => {
    expect(describeWrite(request)).toMatchObject({ confirm: true, question: 'Save the changes to post “Hello”?', scope: 'posts:write', target: { type: 'post', id: 'post_1' } });
    expect(describeWrite(request).consequence).toBe('Title: “Hello” → “Hi”; published: yes → no. Learners see the change on your school right away.');
    // Every write is confirmed; the admin's own account too, without the words about learners.
    expect(describeWrite({ ...request, area: 'account', recordId: null })).toMatchObject({ confirm: true });
    expect(describeWrite({ ...request, area: 'account', recordId: null }).consequence).not.toContain('Learners');
  });

  it('undoes by PATCHing back the previous values of the changed fields', () => {
    expect(inverseOf(request, null)).toEqual({ ...request, name: 'Hi', changes: { title: 'Hello', published: true }, previous: { title: 'Hi', published: false } });
    expect(inverseOf({ ...request, previous: {} }, null)).toBeNull();
  });
});

describe('Undo of a rename', () => {
  it('names the record as it is after the change', () => {
    const rename: WriteRequest = { kind: 'record.update', area: 'lecturers', recordId: 'l1', name: 'Ada', changes: { name: 'Ada L.' }, previous: { name: 'Ada' }, scope: 'lecturers:write', seenUpdatedAt: null };
    expect(inverseOf(rename, null)).toMatchObject({ name: 'Ada L.', changes: { name: 'Ada' }, previous: { name: 'Ada L.' } });
  });
});
