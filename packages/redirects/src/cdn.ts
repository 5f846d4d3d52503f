/**
 * After the CLI changes rows on a deployed stage, the changed source paths are invalidated in the
 * stage's CloudFront distribution: a prerendered page is cached there for a year, so a redirect
 * added over a path that is still a page would otherwise stay invisible. One invalidation per
 * command run; the distribution comes from the stage's SST link (config.ts), never a search.
 */
import { CloudFrontClient, CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";

/** CloudFront's limit on paths in progress per distribution; past it, one wildcard does the job. */
const MAX_INVALIDATION_PATHS = 3000;

/**
 * Each source with and without its trailing slash, as CloudFront caches them apart; for a query
 * row, every query of its path (`/?*`): CloudFront keeps the page it served at `/?p=123`, with
 * whatever other parameters came with it, apart from `/`.
 */
export function invalidationPaths(keys: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const key of keys) {
    const at = key.indexOf("?");
    // `*` is CloudFront's wildcard: a literal one in a path is sent encoded.
    const path = (at < 0 ? key : key.slice(0, at)).replace(/\*/g, "%2A");
    if (at < 0) {
      paths.add(path);
      paths.add(`${path}/`);
    } else {
      paths.add(`${path}?*`);
      if (path !== "/") paths.add(`${path}/?*`);
    }
  }
  return paths.size > MAX_INVALIDATION_PATHS ? ["/*"] : [...paths].sort();
}

interface Invalidated {
  id: string;
  paths: string[];
}

export class CloudFrontCdn {
  constructor(
    readonly distributionId: string,
    private readonly client: CloudFrontClient = new CloudFrontClient({ region: "us-east-1" }),
  ) {}

  async invalidate(keys: readonly string[]): Promise<Invalidated> {
    const paths = invalidationPaths(keys);
    const result = await this.client.send(
      new CreateInvalidationCommand({
        DistributionId: this.distributionId,
        InvalidationBatch: {
          CallerReference: `redirects-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
          Paths: { Quantity: paths.length, Items: paths },
        },
      }),
    );
    return { id: result.Invalidation?.Id ?? "(no id)", paths };
  }
}
