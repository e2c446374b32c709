// What the platform's /openapi.json says about the fields of an area's records, read from the schema of the
// records its list (or single record) answers with: which fields hold ids of another list's records
// (`x-references`, docs/explorer.md "Ids of other records"), and which hold one of a few declared values (enum).
// The explorer shows the first by the referenced record's name and the second as words; a field the document
// says nothing about is shown as it is.
import { z } from 'zod';
import { REFERENCES } from './openapi-refs';

/** `x-references`: the list operation whose records' `id` this value is, and the property that names them. */
const Reference = z.object({
  operationId: z.string().min(1).max(100),
  /** The referenced record's property that names it; absent: its title, name, code… as elsewhere (nameOf). */
  label: z.string().min(1).max(100).optional(),
});
type Reference = z.infer<typeof Reference>;

const Node = z.looseObject({
  enum: z.array(z.unknown()).optional(),
  items: z.unknown().optional(),
  anyOf: z.array(z.unknown()).optional(),
  oneOf: z.array(z.unknown()).optional(),
});
const RecordSchema = z.looseObject({ properties: z.record(z.string(), z.unknown()) });

interface DeclaredFields {
  /** Field → the list its value (an id, or each id of a list of them) points into. */
  references: Map<string, Reference>;
  /** Field → its declared string values, in the document's order. */
  choices: Record<string, string[]>;
}

/**
 * The declarations of a record schema's top properties (already read through `$ref` and `allOf`). A property
 * may be `X or null` (anyOf/oneOf) and a list of ids (`items`); the declaration may sit on any of them.
 */
export function declaredFields(recordSchema: unknown): DeclaredFields {
  const out: DeclaredFields = { references: new Map(), choices: {} };
  const record = RecordSchema.safeParse(recordSchema);
  if (!record.success) return out;
  for (const [name, property] of Object.entries(record.data.properties)) {
    const variants = alternativesOf(property);
    const candidates = [...variants, ...variants.flatMap((v) => alternativesOf(v.items))];
    const reference = candidates.map((c) => Reference.safeParse(c[REFERENCES])).find((r) => r.success)?.data;
    if (reference) out.references.set(name, reference);
    const values = variants.flatMap((v) => v.enum ?? []);
    if (values.length > 0 && values.every((v): v is string => typeof v === 'string')) out.choices[name] = [...new Set(values)];
  }
  return out;
}

/** The schema and the members of its anyOf/oneOf (one level: `X or null`). */
function alternativesOf(schema: unknown): z.infer<typeof Node>[] {
  const node = Node.safeParse(schema);
  if (!node.success) return [];
  const members = [...(node.data.anyOf ?? []), ...(node.data.oneOf ?? [])].flatMap((m) => {
    const parsed = Node.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
  return [node.data, ...members];
}
