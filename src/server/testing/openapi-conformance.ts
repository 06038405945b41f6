import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

/**
 * Holds every answer the API tests receive to the published OpenAPI document: the status must be
 * one the operation lists, the media type one it lists for that status, and a JSON body must
 * validate against the schema given there (Ajv, JSON Schema 2020-12). The document is what an
 * integrator generates a client from, so an answer it does not describe is a bug in one or the
 * other (docs/architecture.md, "One contract"; decision 100).
 */

type JsonSchema = Record<string, unknown>;
type MediaTypes = Record<string, { schema?: JsonSchema }>;
type Response = { $ref?: string; description?: string; content?: MediaTypes };
type Operation = { operationId: string; responses: Record<string, Response> };
export type OpenApiDoc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, JsonSchema>; responses?: Record<string, Response> };
};

export type Answer = { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer };
/** The route pattern Fastify chose (`/api/articles/:id`), or none when it refused the request before routing. */
export type Reached = { route: string | undefined; url: string };

type Template = { method: string; path: string; pattern: RegExp; literalLength: number; operation: Operation };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/api/images/{id}.{ext}` -> a pattern over one path segment per parameter. */
function templatePattern(path: string): RegExp {
  const parts = path.split(/(\{[^}]+\})/).map((part) => (part.startsWith('{') ? '[^/]+' : escapeRegExp(part)));
  return new RegExp(`^${parts.join('')}$`);
}

const mediaType = (value: unknown) => (typeof value === 'string' ? value : '').split(';')[0]!.trim().toLowerCase();

/** The bytes as sent before compression (@fastify/compress answers a client that accepts it). */
function decoded(answer: Answer): Buffer {
  const encoding = mediaType(answer.headers['content-encoding']);
  if (encoding === 'gzip') return gunzipSync(answer.rawPayload);
  if (encoding === 'br') return brotliDecompressSync(answer.rawPayload);
  if (encoding === 'deflate') return inflateSync(answer.rawPayload);
  return answer.rawPayload;
}

export class OpenApiConformance {
  private readonly templates: Template[] = [];
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  private readonly compiled = new Map<JsonSchema, ValidateFunction>();

  constructor(private readonly doc: OpenApiDoc) {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        this.templates.push({
          method: method.toUpperCase(),
          path,
          pattern: templatePattern(path),
          literalLength: path.replace(/\{[^}]+\}/g, '').length,
          operation,
        });
      }
    }
    // A literal path wins over a template that also matches it (`/api/events/feed.ics` over `/api/events/{id}`).
    this.templates.sort((a, b) => b.literalLength - a.literalLength);
  }

  /** The documented operation a request reached, if any (a page or a static file has none). */
  operationFor(method: string, { route, url }: Reached): Template | undefined {
    const upper = method.toUpperCase();
    if (route !== undefined) {
      const path = route.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
      return this.templates.find((t) => t.method === upper && t.path === path);
    }
    const path = url.split('?')[0]!;
    return this.templates.find((t) => t.method === upper && t.pattern.test(path));
  }

  private resolve(response: Response): Response {
    if (!response.$ref) return response;
    const name = response.$ref.replace('#/components/responses/', '');
    const target = this.doc.components.responses?.[name];
    if (!target) throw new Error(`The document refers to a response it does not define: ${response.$ref}`);
    return target;
  }

  /** The schema with `#/components/schemas/...` references replaced by what they name. */
  private inline(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const target = this.doc.components.schemas?.[ref.slice('#/components/schemas/'.length)];
      if (!target) throw new Error(`The document refers to a schema it does not define: ${ref}`);
      return target;
    }
    return schema;
  }

  private validator(schema: JsonSchema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(this.inline(schema));
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** What in the answer the document does not describe; empty when it conforms (or the path is not documented). */
  problems(method: string, reached: Reached, answer: Answer): string[] {
    const template = this.operationFor(method, reached);
    if (!template) return [];
    const where = `${method.toUpperCase()} ${template.path} (${template.operation.operationId}) answered ${answer.statusCode}`;
    const listed = template.operation.responses[String(answer.statusCode)];
    if (!listed)
      return [`${where}, a status the document does not list (it lists ${Object.keys(template.operation.responses).join(', ')})`];
    const response = this.resolve(listed);
    const content = response.content;
    // 304 and the like: no body, nothing more to check.
    if (!content) return answer.rawPayload.length ? [`${where} with a body the document says it does not have`] : [];
    const type = mediaType(answer.headers['content-type']);
    const declared = content[type];
    if (!declared) return [`${where} as ${type || 'no media type'}, where the document lists ${Object.keys(content).join(', ')}`];
    if (type !== 'application/json' || !declared.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(decoded(answer).toString('utf8'));
    } catch {
      return [`${where} with a body that is not JSON`];
    }
    const validate = this.validator(declared.schema);
    if (validate(body)) return [];
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`.trim());
    return [`${where} with a body outside the documented schema: ${errors.join('; ')}`];
  }
}
