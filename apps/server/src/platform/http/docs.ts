import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI 3 for every route at /api/docs (JSON at /api/docs/json), built from the contract. */
export async function registerApiDocs(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'SkyDesk API',
        version,
        description: 'The wire contract of the SkyDesk portal. Every answer is `{ status, message, data }`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
