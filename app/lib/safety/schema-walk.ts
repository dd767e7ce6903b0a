import type * as z from "zod";
import type { ScreenField } from "./fields";
import { PLAIN, SCREENED, type PlainWhy } from "./form-rules";

/**
 * Walks a zod schema (issue 59): every string field with how it is marked (`screened` or `plain`), and
 * the screened texts of a value the schema parsed. The gate reads the second after a body is parsed;
 * a test reads the first for every route and fails on a string field marked neither way.
 */
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "nonoptional", "readonly", "catch"]);

/** A string field of a schema: where it is, and its mark (neither for an unmarked one). */
export type StringField = { path: string; field?: ScreenField; why?: PlainWhy };

/** Every string field of a schema (and every record of free values), with its mark. */
export function stringFields(schema: z.ZodType, path = "", seen = new Set<z.ZodType>()): StringField[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const screened = SCREENED.get(schema);
  const plain = PLAIN.get(schema);
  if (screened) return [{ path, field: screened.field }];
  if (plain) return [{ path, why: plain.why }];
  const def = defOf(schema);
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  switch (def.type) {
    case "string":
    case "record":
      return [{ path }];
    case "object":
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) => stringFields(value, at(key), seen));
    case "array":
      return stringFields(def.element!, at("*"), seen);
    case "tuple":
      return (def.items ?? []).flatMap((item, i) => stringFields(item, at(i), seen));
    case "union":
      return (def.options ?? []).flatMap((option) => stringFields(option, path, seen));
    case "intersection":
      return [...stringFields(def.left!, path, seen), ...stringFields(def.right!, path, seen)];
    case "pipe":
      return [...stringFields(def.in!, path, seen), ...stringFields(def.out!, path, seen)];
    case "lazy":
      return stringFields(def.getter!(), path, seen);
    default:
      return WRAPPERS.has(def.type) ? stringFields(def.innerType!, path, seen) : [];
  }
}

/** The texts of every string inside a free value (a card's fields and lorebook), in order. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (value && typeof value === "object") for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}

/** The screened texts of a parsed value, each with its field, in the order the schema lists them. */
export function screenedTexts(schema: z.ZodType, value: unknown): { field: ScreenField; text: string }[] {
  const found: { field: ScreenField; text: string }[] = [];
  const walk = (node: z.ZodType, v: unknown) => {
    if (v === undefined || v === null) return;
    const screened = SCREENED.get(node);
    if (screened) {
      for (const text of stringsIn(v)) found.push({ field: screened.field, text });
      return;
    }
    if (PLAIN.get(node)) return;
    const def = defOf(node);
    if (def.type === "object" && typeof v === "object")
      for (const [key, child] of Object.entries(def.shape ?? {})) walk(child, (v as Record<string, unknown>)[key]);
    else if (def.type === "array" && Array.isArray(v)) for (const item of v) walk(def.element!, item);
    else if (def.type === "tuple" && Array.isArray(v)) (def.items ?? []).forEach((item, i) => walk(item, v[i]));
    else if (def.type === "union") for (const option of def.options ?? []) walk(option, v);
    else if (def.type === "intersection") {
      walk(def.left!, v);
      walk(def.right!, v);
    } else if (def.type === "pipe") {
      walk(def.in!, v);
      walk(def.out!, v);
    } else if (def.type === "lazy") walk(def.getter!(), v);
    else if (WRAPPERS.has(def.type)) walk(def.innerType!, v);
  };
  walk(schema, value);
  // A union or a pipe may list one field twice: each text is screened once.
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = `${f.field}\u0000${f.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
