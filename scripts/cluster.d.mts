/** Types of scripts/cluster.mjs's exports (decision 295, 309), for the tests that import it. */
export interface ClusterNode {
  name: string;
  services: string;
  port: number;
}
export declare const clusterNodes: readonly ClusterNode[];
export declare const nginxTemplate: string;
export declare function renderNginxConfig(values: Record<string, string>): string;
export declare function nodeEnvironment(
  node: ClusterNode,
  index: number,
  context: {
    database: string;
    s3Endpoint: string;
    publicUrl: string;
    secrets: { COOKIE_SECRET: string; PAYMENT_WEBHOOK_SECRET: string };
  },
): Record<string, string>;
/** The values the cluster fills deploy/nginx.conf.template with. */
export declare function nginxValues(): Record<string, string>;
/** What this machine lacks to run a cluster, in a sentence, or null. */
export declare function missingPrerequisite(where: {
  nginx: string;
  pgUrl: string;
  redisUrl: string;
}): Promise<string | null>;
