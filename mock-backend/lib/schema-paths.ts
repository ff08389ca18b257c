type Json = Record<string, unknown>;

/**
 * Where in an answer a schema of the contract occurs, read from the answer's schema: at this value (`here`), under
 * named properties, in an array's items, or in any other property of a map. Built once per operation at start, so an
 * answer is rewritten along its schema instead of searching every value for something shaped like the target.
 */
export interface SchemaPlan {
  here?: true;
  properties?: Map<string, SchemaPlan>;
  items?: SchemaPlan;
  others?: SchemaPlan;
}

function merge(a: SchemaPlan | null, b: SchemaPlan | null): SchemaPlan | null {
  if (!a) return b;
  if (!b) return a;
  const properties = new Map(a.properties ?? []);
  for (const [name, plan] of b.properties ?? []) properties.set(name, merge(properties.get(name) ?? null, plan) as SchemaPlan);
  const items = merge(a.items ?? null, b.items ?? null);
  const others = merge(a.others ?? null, b.others ?? null);
  return {
    ...(a.here || b.here ? { here: true as const } : {}),
    ...(properties.size ? { properties } : {}),
    ...(items ? { items } : {}),
    ...(others ? { others } : {}),
  };
}

function resolve(document: Json, ref: string): Json {
  let at: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) at = (at as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return (at ?? {}) as Json;
}

/**
 * The plan to every occurrence of the schema at `target` (`#/components/schemas/Image`) in `schema`, a schema of
 * `document` (references resolved; a reference already being walked is not entered again), or null when it has none.
 */
export function planTo(document: Json, schema: unknown, target: string, walking: ReadonlySet<string> = new Set()): SchemaPlan | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    if (s.$ref === target) return { here: true };
    if (walking.has(s.$ref)) return null;
    return planTo(document, resolve(document, s.$ref), target, new Set([...walking, s.$ref]));
  }
  let plan: SchemaPlan | null = null;
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const part of (s[key] as unknown[] | undefined) ?? []) plan = merge(plan, planTo(document, part, target, walking));
  }
  const properties = new Map<string, SchemaPlan>();
  for (const [name, sub] of Object.entries((s.properties as Json | undefined) ?? {})) {
    const found = planTo(document, sub, target, walking);
    if (found) properties.set(name, found);
  }
  if (properties.size) plan = merge(plan, { properties });
  const items = planTo(document, s.items, target, walking);
  if (items) plan = merge(plan, { items });
  const others = planTo(document, s.additionalProperties, target, walking);
  if (others) plan = merge(plan, { others });
  return plan;
}

/**
 * `value` with `rewrite` applied at every place the plan names; the objects and arrays on the way are copied, so the
 * value itself (a cached answer, a stored replay) is never changed.
 */
export function applyPlan(value: unknown, plan: SchemaPlan, rewrite: (found: Json) => Json): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return plan.items ? value.map((item) => applyPlan(item, plan.items as SchemaPlan, rewrite)) : value;
  let out = value as Json;
  if (plan.properties || plan.others) {
    out = { ...out };
    for (const [name, item] of Object.entries(out)) {
      const sub = plan.properties?.get(name) ?? plan.others;
      if (sub) out[name] = applyPlan(item, sub, rewrite);
    }
  }
  return plan.here ? rewrite(out) : out;
}
