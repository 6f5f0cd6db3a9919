/**
 * The API reference: /api/v1's OpenAPI document as Scalar renders it. Its page loads this module
 * on its own (next/dynamic), so Scalar's code never reaches another page's first load.
 */
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

export const OPENAPI_DOCUMENT_PATH = '/api/v1/openapi.json';

export default function ApiReference() {
  return <ApiReferenceReact configuration={{ url: OPENAPI_DOCUMENT_PATH, hideClientButton: true }} />;
}
