import fs from 'node:fs';
import { startCluster } from '../../scripts/cluster-support.mjs';

/**
 * Starts the cluster for the specs of tests/cluster and says where it is through the environment
 * (CLUSTER_URL: the balancer; CLUSTER_INSTANCE_URLS: each instance; E2E_MAIL_DIR: the SMTP
 * capture). Returns the teardown.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const instances = Math.max(2, Number(process.env.CLUSTER_INSTANCES ?? 2));
  const cluster = await startCluster({ instances, log: (line) => console.log(`[cluster] ${line}`) });
  process.env.CLUSTER_URL = cluster.url;
  process.env.CLUSTER_INSTANCE_URLS = JSON.stringify(cluster.instances.map((i) => i.url));
  process.env.E2E_MAIL_DIR = cluster.smtp!.mailDir;
  return async () => {
    await cluster.stop();
    if (!process.env.CLUSTER_KEEP) fs.rmSync(cluster.dir, { recursive: true, force: true });
  };
}
