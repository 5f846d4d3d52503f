/**
 * Every read and write of the redirects table. The site reads single rows (GetItem); the CLI
 * lists, writes and deletes. The table: partition key `from` (string), on-demand billing.
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from "@aws-sdk/client-dynamodb";
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { APP_REGION } from "./config";
import type { RedirectRow } from "./rules";

export interface TableLocation {
  tableName: string;
  /** A DynamoDB-compatible endpoint (the local store); AWS's own when unset. */
  endpoint?: string;
  region?: string;
}

export interface ClientOptions {
  /** Milliseconds a single request may take before the SDK gives up. */
  requestTimeoutMs?: number;
  maxAttempts?: number;
}

const LOCAL_CREDENTIALS = { accessKeyId: "local", secretAccessKey: "local" };

export function createClient(location: TableLocation, options: ClientOptions = {}): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: location.region ?? process.env.AWS_REGION ?? APP_REGION,
    ...(location.endpoint && { endpoint: location.endpoint, credentials: LOCAL_CREDENTIALS }),
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: {
      requestTimeout: options.requestTimeoutMs ?? 5000,
      // Without this the SDK only logs a warning when requestTimeout passes and goes on waiting: a
      // hung table would then hold each read (and its socket) for minutes, not requestTimeout.
      throwOnRequestTimeout: true,
      connectionTimeout: Math.min(options.requestTimeoutMs ?? 2000, 2000),
    },
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class RedirectsTable {
  constructor(
    readonly client: DynamoDBDocumentClient,
    readonly name: string,
  ) {}

  static at(location: TableLocation, options?: ClientOptions): RedirectsTable {
    return new RedirectsTable(createClient(location, options), location.tableName);
  }

  async get(from: string, signal?: AbortSignal): Promise<RedirectRow | undefined> {
    const result = await this.client.send(new GetCommand({ TableName: this.name, Key: { from } }), { abortSignal: signal });
    return result.Item as RedirectRow | undefined;
  }

  async list(): Promise<RedirectRow[]> {
    const rows: RedirectRow[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new ScanCommand({ TableName: this.name, ExclusiveStartKey: start }));
      rows.push(...((page.Items ?? []) as RedirectRow[]));
      start = page.LastEvaluatedKey;
    } while (start);
    return rows.sort((a, b) => a.from.localeCompare(b.from));
  }

  async put(row: RedirectRow): Promise<void> {
    await this.client.send(new PutCommand({ TableName: this.name, Item: row }));
  }

  async delete(from: string): Promise<boolean> {
    const result = await this.client.send(new DeleteCommand({ TableName: this.name, Key: { from }, ReturnValues: "ALL_OLD" }));
    return result.Attributes !== undefined;
  }

  /** Writes rows 25 at a time, retrying whatever DynamoDB leaves unprocessed, with backoff. */
  async putMany(rows: readonly RedirectRow[], maxAttempts = 8): Promise<void> {
    for (let i = 0; i < rows.length; i += 25) {
      let pending: { PutRequest: { Item: RedirectRow } }[] = rows.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 1; pending.length > 0; attempt++) {
        if (attempt > maxAttempts) throw new Error(`DynamoDB left ${pending.length} rows unprocessed after ${maxAttempts} attempts`);
        if (attempt > 1) await sleep(Math.min(2000, 50 * 2 ** attempt));
        const result = await this.client.send(new BatchWriteCommand({ RequestItems: { [this.name]: pending } }));
        pending = (result.UnprocessedItems?.[this.name] ?? []) as typeof pending;
      }
    }
  }

  /** "missing", or the table's status (CREATING, ACTIVE, ...). */
  async status(): Promise<string> {
    try {
      const { Table } = await this.client.send(new DescribeTableCommand({ TableName: this.name }));
      return Table?.TableStatus ?? "ACTIVE";
    } catch (error) {
      if (error instanceof ResourceNotFoundException || (error as Error).name === "ResourceNotFoundException") return "missing";
      throw error;
    }
  }

  async exists(): Promise<boolean> {
    return (await this.status()) !== "missing";
  }

  /**
   * Until the table can be read: DynamoDB (and dynalite) answer "Requested resource not found" to
   * reads of a table still CREATING, even one created an instant ago by this or another process.
   */
  async waitUntilActive(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.status();
      if (status === "ACTIVE") return;
      if (Date.now() > deadline) throw new Error(`table ${this.name} is ${status}, not ACTIVE, after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** For the local store only; in AWS the table is created by the infrastructure (infra/redirects.ts). */
  async create(): Promise<void> {
    await this.client.send(
      new CreateTableCommand({
        TableName: this.name,
        KeySchema: [{ AttributeName: "from", KeyType: "HASH" }],
        AttributeDefinitions: [{ AttributeName: "from", AttributeType: "S" }],
        BillingMode: "PAY_PER_REQUEST",
      }),
    );
  }
}
