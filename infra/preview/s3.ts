/**
 * The planned assets bucket on loopback: an S3-compatible server (s3rver) holding every file SST
 * would upload (the planned BucketFiles: .open-next/assets under _assets/, the prerendered pages
 * under _cache/), each with the Content-Type and Cache-Control SST would give it. CloudFront's S3
 * origin and the server Lambda's incremental cache both read from it.
 */
/// <reference path="./s3rver.d.ts" />
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { StackPlan } from "../test/run-harness";

interface PlannedFile {
  source: string;
  key: string;
  cacheControl: string;
  contentType: string;
}

/** s3rver checks request signatures against these (its defaults); the Lambda signs with them. */
export const LOCAL_S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

export class LocalS3 {
  /** Every object written or removed after the planned uploads ("ObjectCreated:Put KEY"): a reader writes none. */
  readonly writes: string[] = [];

  private constructor(
    private readonly server: S3rver,
    private readonly dir: string,
    readonly endpoint: string,
    readonly bucket: string,
    /** What S3 answers for a missing key: 404 when the reader may ListBucket, else 403. */
    readonly missingStatus: 403 | 404,
  ) {}

  static async start(plan: StackPlan): Promise<LocalS3> {
    const files = plan.resources.find((r) => r.name.endsWith("AssetFiles.sst.aws.BucketFiles"))?.inputs as { bucketName: string; files: PlannedFile[] } | undefined;
    if (!files) throw new Error("the plan uploads no assets");
    const dir = await mkdtemp(path.join(tmpdir(), "preview-s3-"));
    const server = new S3rver({ address: "127.0.0.1", port: 0, directory: dir, silent: true, configureBuckets: [{ name: files.bucketName }] });
    const { port } = await server.run();
    const s3 = new LocalS3(server, dir, `http://127.0.0.1:${port}`, files.bucketName, cloudFrontMayList(plan) ? 404 : 403);
    await s3.upload(files.files);
    server.on("event", (event) => {
      for (const record of event.Records) s3.writes.push(`${record.eventName} ${record.s3.object.key}`);
    });
    return s3;
  }

  private async upload(files: PlannedFile[]) {
    const queue = [...files];
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const response = await fetch(this.url(file.key), {
          method: "PUT",
          body: await readFile(file.source),
          headers: { "content-type": file.contentType, "cache-control": file.cacheControl },
        });
        if (!response.ok) throw new Error(`upload of ${file.key}: ${response.status} ${await response.text()}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }

  private url(key: string) {
    return `${this.endpoint}/${this.bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
  }

  /** A GET or HEAD from CloudFront's S3 origin: `uri` is the request's path, already encoded. */
  async request(method: string, uri: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
    const response = await fetch(`${this.endpoint}/${this.bucket}${uri}`, { method: method === "HEAD" ? "HEAD" : "GET" });
    if (response.status === 404 && this.missingStatus === 403) {
      const body = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      return { status: 403, headers: { "content-type": "application/xml" }, body };
    }
    const headers: Record<string, string> = {};
    for (const name of ["content-type", "cache-control", "etag", "last-modified", "content-length", "accept-ranges"]) {
      const value = response.headers.get(name);
      if (value) headers[name] = value;
    }
    return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
  }

  async stop() {
    await this.server.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Whether the planned bucket policy lets CloudFront list the bucket (S3 then answers 404, not 403, for a missing key). */
function cloudFrontMayList(plan: StackPlan): boolean {
  const policy = plan.resources.find((r) => r.type === "aws:s3/bucketPolicy:BucketPolicy" && r.name.endsWith("AssetsPolicy"));
  const statements = (JSON.parse(String(policy?.inputs.policy ?? "{}")).Statement ?? []) as { Effect: string; Action: string[]; Principal?: Record<string, string[]> }[];
  return statements.some((s) => s.Effect === "Allow" && s.Action.includes("s3:ListBucket") && s.Principal?.Service?.includes("cloudfront.amazonaws.com"));
}
