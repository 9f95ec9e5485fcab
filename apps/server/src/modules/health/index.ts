/** The health module's door: liveness and readiness routes (no service, no tables). */
export { healthRoutes } from './health.routes';
