import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { expect } from "vitest";
import type { TestResponse } from "./test-app";

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
type ApiDocument = { paths: Record<string, Record<string, Operation>> };

const documents = new Map<string, Promise<ApiDocument>>();
// Formats (email, date-time) are the input rules' business; the contract is the answer's shape.
const ajv = new Ajv2020({ strict: false, validateFormats: false });
const validators = new WeakMap<object, ValidateFunction>();

const documentOf = (baseUrl: string) => {
  let document = documents.get(baseUrl);
  if (!document) {
    document = fetch(`${baseUrl}/api/openapi.json`).then((response) => response.json() as Promise<ApiDocument>);
    documents.set(baseUrl, document);
  }
  return document;
};

/** The document's path template for a concrete path; literal segments win over `{params}`. */
function templateFor(document: ApiDocument, pathname: string) {
  const candidates = Object.keys(document.paths).filter((template) => {
    const pattern = template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+");
    return new RegExp(`^${pattern}$`).test(pathname);
  });
  return candidates.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

/**
 * Checks an answer against /api/openapi.json: the call is documented, its status is one of the
 * documented answers, and a JSON body matches that answer's schema (extra fields included).
 */
export async function expectDocumented(response: TestResponse) {
  const { baseUrl, method, url } = response.request;
  const document = await documentOf(baseUrl);
  const pathname = new URL(url, baseUrl).pathname;
  const template = templateFor(document, pathname);
  expect(template, `${method} ${pathname} is not in the API document`).toBeDefined();
  const operation = document.paths[template!]![method.toLowerCase()];
  expect(operation, `${method} ${template} is not in the API document`).toBeDefined();
  const answer = operation!.responses[String(response.status)];
  expect(answer, `${method} ${template} does not document the status ${response.status}`).toBeDefined();
  const contentType = response.headers.get("content-type")?.split(";")[0];
  if (!contentType || response.status === 204) return;
  const schema = answer!.content?.[contentType]?.schema;
  expect(schema, `${method} ${template} ${response.status} does not document ${contentType}`).toBeDefined();
  let validate = validators.get(schema!);
  if (!validate) {
    validate = ajv.compile(schema!);
    validators.set(schema!, validate);
  }
  const valid = validate(contentType === "application/json" ? response.body : response.text);
  expect(valid ? [] : validate.errors, `${method} ${template} ${response.status} answers off its schema`).toEqual([]);
}
