/** The operations module's public face: health, readiness, the OpenAPI document (docs/deploy.md). */
export { createOperationsModule, type OperationsModule } from './operations.module';
export { buildOpenApiDocument } from './openapi';
