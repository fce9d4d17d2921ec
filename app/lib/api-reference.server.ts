/**
 * The OpenAPI document (/api/openapi.json) shaped for people: calls grouped by tag, and each JSON Schema
 * flattened into rows of a table, so /admin/api is plain server-rendered HTML with no viewer of its own.
 */

/** A JSON Schema as zod's `toJSONSchema` writes it; read here keyword by keyword. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
}

interface MediaContent {
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, MediaContent> };
  responses: Record<string, { description: string; content?: Record<string, MediaContent> }>;
  security?: unknown[];
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One field of a body: `services[].title` is the title of each item of the `services` list. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  rules: string;
}

export interface Payload {
  contentType: string;
  fields: FieldRow[];
}

export interface ApiCall {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  adminOnly: boolean;
  parameters: (FieldRow & { in: string })[];
  body?: Payload;
  responses: { status: string; description: string; payload?: Payload }[];
}

export interface ApiReference {
  title: string;
  version: string;
  description?: string;
  groups: { tag: string; calls: ApiCall[] }[];
}

/** zod writes these bounds on every `z.number().int()`; they say nothing a reader needs. */
const SAFE_INTEGER_BOUNDS = new Set([Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);

const variants = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf;

/** The object schemas a field may hold (itself, or the object branches of its union). */
function objectShapes(schema: JsonSchema): JsonSchema[] {
  const branches = variants(schema);
  if (branches) return branches.flatMap(objectShapes);
  return schema.properties ? [schema] : [];
}

function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const branches = variants(schema);
  if (branches) return [...new Set(branches.map(typeOf))].join(" | ");
  const types = [schema.type ?? (schema.properties ? "object" : "any")].flat();
  return types
    .map((type) => {
      if (type === "array") return `array of ${schema.items ? typeOf(schema.items) : "any"}`;
      if (type === "object" && typeof schema.additionalProperties === "object" && !schema.properties)
        return `map of ${typeOf(schema.additionalProperties)}`;
      if (type === "string" && schema.format) return `string (${schema.format})`;
      return type;
    })
    .join(" | ");
}

const range = (min: number | undefined, max: number | undefined, unit: string) =>
  min !== undefined && max !== undefined
    ? `${min}–${max} ${unit}`
    : min !== undefined
      ? `at least ${min} ${unit}`
      : max !== undefined
        ? `at most ${max} ${unit}`
        : undefined;

function rulesOf(schema: JsonSchema): string {
  const minimum = schema.minimum !== undefined && !SAFE_INTEGER_BOUNDS.has(schema.minimum) ? schema.minimum : undefined;
  const maximum = schema.maximum !== undefined && !SAFE_INTEGER_BOUNDS.has(schema.maximum) ? schema.maximum : undefined;
  const rules = [
    schema.description,
    minimum !== undefined && `≥ ${minimum}`,
    maximum !== undefined && `≤ ${maximum}`,
    range(schema.minLength, schema.maxLength, "characters"),
    range(schema.minItems, schema.maxItems, "items"),
    schema.pattern && `matches ${schema.pattern}`,
    schema.default !== undefined && `default ${JSON.stringify(schema.default)}`,
    ...(variants(schema) ?? []).map(rulesOf),
  ];
  return rules.filter(Boolean).join("; ");
}

/** The fields inside `schema`, each nested object's and list item's fields under a dotted name. */
function fieldRows(schema: JsonSchema, prefix: string): FieldRow[] {
  const rows: FieldRow[] = [];
  for (const shape of objectShapes(schema)) {
    for (const [name, field] of Object.entries(shape.properties ?? {})) {
      const fullName = `${prefix}${name}`;
      rows.push({
        name: fullName,
        type: typeOf(field),
        required: shape.required?.includes(name) ?? false,
        rules: rulesOf(field),
      });
      rows.push(...nestedRows(field, fullName));
    }
  }
  return rows;
}

function nestedRows(field: JsonSchema, name: string): FieldRow[] {
  const lists = [field, ...(variants(field) ?? [])].filter((schema) => schema.items);
  return [...fieldRows(field, `${name}.`), ...lists.flatMap((list) => fieldRows(list.items!, `${name}[].`))];
}

/** A body's fields; a body that is not an object (a list, a string) gets one row for itself first. */
function payloadOf(content: Record<string, MediaContent> | undefined): Payload | undefined {
  const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
  if (!contentType) return undefined;
  const schema = media?.schema ?? {};
  const fields =
    objectShapes(schema).length > 0
      ? fieldRows(schema, "")
      : [
          { name: "(the body)", type: typeOf(schema), required: true, rules: rulesOf(schema) },
          ...nestedRows(schema, ""),
        ];
  return { contentType, fields };
}

function callOf(path: string, method: string, operation: OpenApiOperation): ApiCall {
  return {
    id: operation.operationId ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? "",
    description: operation.description,
    adminOnly: (operation.security?.length ?? 0) > 0,
    parameters: (operation.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      type: typeOf(parameter.schema ?? {}),
      required: parameter.required ?? false,
      rules: rulesOf(parameter.schema ?? {}),
    })),
    body: payloadOf(operation.requestBody?.content),
    responses: Object.entries(operation.responses).map(([status, response]) => ({
      status,
      description: response.description,
      payload: payloadOf(response.content),
    })),
  };
}

export function apiReference(document: OpenApiDocument): ApiReference {
  const groups = new Map<string, ApiCall[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? "api";
      groups.set(tag, [...(groups.get(tag) ?? []), callOf(path, method, operation)]);
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description,
    groups: [...groups].map(([tag, calls]) => ({ tag, calls })),
  };
}
