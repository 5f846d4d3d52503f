declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** An S3 event notification for each object written or removed (s3rver is a Koa app). */
    on(event: "event", listener: (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void): this;
  }
}
