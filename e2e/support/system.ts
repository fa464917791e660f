/** Where the end-to-end system listens: ports of its own, so a developer's normal run can stay up. */
export const E2E_GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 8090);
export const E2E_BASE_URL = `http://localhost:${E2E_GATEWAY_PORT}`;
/** The browsers' zone in every journey that does not choose one (pages show times in the viewer's zone). */
export const E2E_TIME_ZONE = 'Europe/London';

/** The e2e system's Redis prefix (its streams, queues and the test clock's key). */
export const E2E_REDIS_PREFIX = 'hunted-e2e:';
