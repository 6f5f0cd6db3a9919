import type { OpenAPIObject } from 'trpc-to-openapi';
export function applyExamples(_document: OpenAPIObject): void {}
