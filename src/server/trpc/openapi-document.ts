/**
 * The OpenAPI 3.1 document of /api/v1, generated from the procedures that carry an `openapi` meta
 * (trpc-to-openapi): the same input and output schemas, so the document cannot drift from what
 * the routes check. Each operation gets the example of openapi-examples.ts, and every route the
 * bearer scheme (an API key, `lsk_...`).
 */
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { applyExamples } from './openapi-examples';
import { appRouter } from './root';

export const API_V1_PATH = '/api/v1';

let built: { origin: string; document: OpenAPIObject } | undefined;

/** The document for a studio served at `origin` (its servers entry); made once per origin. */
export function openApiDocument(origin: string): OpenAPIObject {
  if (built?.origin === origin) return built.document;
  const document = generateOpenApiDocument(appRouter, {
    title: 'Lumen Studio API',
    version: '1.0.0',
    openApiVersion: '3.1.0',
    description:
      'Generate images, videos and text with the studio’s models. Authenticate with an API key from Account → Developers: `Authorization: Bearer lsk_...`. Limits: requests per minute per key and per user (RateLimit-* headers on every answer, 429 with Retry-After past them).',
    baseUrl: `${origin}${API_V1_PATH}`,
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key: lsk_ followed by 43 characters.' } },
    tags: ['Generations', 'Credits', 'Uploads', 'Catalogue'],
  });
  applyExamples(document);
  built = { origin, document };
  return document;
}
