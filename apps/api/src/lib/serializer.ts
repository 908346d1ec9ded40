import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/** Writes one value as JSON text; undefined means "leave the property out" (an optional absent value). */
type Write = (value: unknown) => string | undefined;

interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  checks?: unknown[];
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value the schema does not allow: the same 500 the zod serializer answered. */
class Mismatch extends Error {}
const mismatch = (): never => {
  throw new Mismatch();
};

/** A node this compiler does not handle (transforms, defaults, records …): the route keeps the zod serializer. */
class Unsupported extends Error {}

/** A leaf with checks or a format (z.uuid(), .min(), .int()): zod itself says whether the value passes. */
const checked = (schema: ZodType, write: Write): Write => {
  const def = defOf(schema);
  if (Object.keys(def).length === 1) return write;
  if ('coerce' in def && def.coerce) throw new Unsupported();
  return (value) => (schema.safeParse(value).success ? write(value) : mismatch());
};

function compile(schema: ZodType): Write {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return checked(schema, (value) => (typeof value === 'string' ? JSON.stringify(value) : mismatch()));
    case 'number':
      return checked(schema, (value) =>
        typeof value === 'number' && Number.isFinite(value) ? JSON.stringify(value) : mismatch(),
      );
    case 'boolean':
      return checked(schema, (value) => (value === true ? 'true' : value === false ? 'false' : mismatch()));
    case 'null':
      return (value) => (value === null ? 'null' : mismatch());
    case 'enum': {
      const allowed = new Set(Object.values(def.entries!));
      return (value) => (allowed.has(value) ? JSON.stringify(value) : mismatch());
    }
    case 'literal': {
      const allowed = new Set(def.values);
      return (value) => (allowed.has(value) ? JSON.stringify(value) : mismatch());
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'optional': {
      const inner = compile(def.innerType!);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'array': {
      if (def.checks?.length) throw new Unsupported();
      const item = compile(def.element!);
      return (value) => {
        if (!Array.isArray(value)) return mismatch();
        let text = '[';
        for (let index = 0; index < value.length; index += 1) {
          if (index > 0) text += ',';
          // JSON.stringify writes a missing array item as null.
          text += item(value[index]) ?? 'null';
        }
        return `${text}]`;
      };
    }
    case 'object': {
      // zod strips undeclared keys of a plain object; a strict or loose object (a catchall) is left to zod.
      if (def.catchall || def.checks?.length) throw new Unsupported();
      const fields = Object.entries(def.shape!).map(([key, field]) => ({
        key,
        prefix: `${JSON.stringify(key)}:`,
        write: compile(field),
      }));
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return mismatch();
        const record = value as Record<string, unknown>;
        let text = '';
        for (const field of fields) {
          const written = field.write(record[field.key]);
          if (written === undefined) continue;
          text += text === '' ? field.prefix : `,${field.prefix}`;
          text += written;
        }
        return `{${text}}`;
      };
    }
    case 'union': {
      // zod answers the first option that accepts the value, as that option outputs it.
      const options = def.options!.map((option) => ({ option, write: compile(option) }));
      return (value) => {
        for (const { option, write } of options) if (option.safeParse(value).success) return write(value);
        return mismatch();
      };
    }
    default:
      throw new Unsupported();
  }
}

/**
 * The response serializer of every route, compiled once per route and status from its zod schema: it
 * writes the declared fields only (an undeclared one, a password hash say, never leaves) and checks each
 * value against its type (and its format or bounds, through zod, where the schema has any), without
 * building an encoded copy of the answer first as fastify-type-provider-zod's serializer (zod encode,
 * then JSON.stringify) does. A value it refuses is handed to that serializer, which answers the same
 * 500 as before. Schemas with parts it does not compile
 * (transforms, defaults, records, strict or loose objects …) keep that serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  if (!(route.schema as { _zod?: unknown } | undefined)?._zod) return zodSerializerCompiler(route);
  let write: Write;
  try {
    write = compile(route.schema);
  } catch (error) {
    if (error instanceof Unsupported) return zodSerializerCompiler(route);
    throw error;
  }
  // A value it refuses goes through zod's serializer, which answers the 500 with zod's own account of it.
  const zodSerialize = zodSerializerCompiler(route);
  return (data) => {
    try {
      return write(data) ?? mismatch();
    } catch (error) {
      if (error instanceof Mismatch) return zodSerialize(data);
      throw error;
    }
  };
};
