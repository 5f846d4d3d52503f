/**
 * Every read and write of the redirects table. The site reads single rows (GetItem); the CLI
 * lists, writes and deletes. The table: partition key `from` (string), on-demand billing.
 * Reads return items as stored: anyone with console access can write any attribute of any type,
 * so nothing here assumes an item is a valid row (rules.ts decides that).
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from "@aws-sdk/client-dynamodb";
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { TableLocation } from "./config";
import { QUERY_INDEX_KEY, type QueryIndex, queryIndexItem, readQueryIndex } from "./query";

export type { TableLocation } from "./config";

/** An item of the table: its key is always a string; anything else may be anything. */
export type StoredItem = { from: string } & Record<string, unknown>;

export interface ClientOptions {
  /** Milliseconds a single request may take before the SDK gives up. */
  requestTimeoutMs?: number;
  /** Milliseconds to connect before the SDK gives up: at most 2 s (or the request's timeout) unless set. */
  connectionTimeoutMs?: number;
  maxAttempts?: number;
}

const LOCAL_CREDENTIALS = { accessKeyId: "local", secretAccessKey: "local" };
/** A local endpoint answers in any region; the SDK only needs one to sign with. */
const LOCAL_REGION = "local";

/** A number JavaScript cannot hold exactly stays the text DynamoDB stored (the SDK would throw on the whole read). */
function readNumber(text: string): number | string {
  const value = Number(text);
  return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value)) ? value : text;
}

export function createClient(location: TableLocation, options: ClientOptions = {}): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: location.region ?? (location.endpoint ? LOCAL_REGION : undefined),
    ...(location.endpoint && { endpoint: location.endpoint, credentials: LOCAL_CREDENTIALS }),
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: {
      requestTimeout: options.requestTimeoutMs ?? 5000,
      // Without this the SDK only logs a warning when requestTimeout passes and goes on waiting: a
      // hung table would then hold each read (and its socket) for minutes, not requestTimeout.
      throwOnRequestTimeout: true,
      connectionTimeout: options.connectionTimeoutMs ?? Math.min(options.requestTimeoutMs ?? 2000, 2000),
    },
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true }, unmarshallOptions: { wrapNumbers: readNumber } });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: { from: string } } };
const keyOf = (request: WriteRequest) => ("PutRequest" in request ? String(request.PutRequest.Item.from) : request.DeleteRequest.Key.from);

/** A batch write that failed part-way: `done` were written, `unknown` (the failed batch) may or may not have been. */
export class BatchWriteError extends Error {
  constructor(
    readonly reason: Error,
    readonly done: readonly string[],
    readonly unknown: readonly string[],
  ) {
    super(reason.message);
  }
}

/** A table of a DynamoDB store: its client and name, and whether it is there and ready. The redirects table is one, @practice/visits's another. */
export class DynamoTable {
  constructor(
    readonly client: DynamoDBDocumentClient,
    readonly name: string,
  ) {}

  static at<T extends DynamoTable>(this: new (client: DynamoDBDocumentClient, name: string) => T, location: TableLocation, options?: ClientOptions): T {
    return new this(createClient(location, options), location.tableName);
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
      await sleep(25);
    }
  }
}

export class RedirectsTable extends DynamoTable {
  async get(from: string, signal?: AbortSignal): Promise<StoredItem | undefined> {
    const result = await this.client.send(new GetCommand({ TableName: this.name, Key: { from } }), { abortSignal: signal });
    return result.Item as StoredItem | undefined;
  }

  /** Every row, sorted by source (the query index, which is not a row, left out). */
  async list(): Promise<StoredItem[]> {
    const rows: StoredItem[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new ScanCommand({ TableName: this.name, ExclusiveStartKey: start }));
      // A page may hold tens of thousands: no spread into arguments.
      for (const item of (page.Items ?? []) as StoredItem[]) if (item.from !== QUERY_INDEX_KEY) rows.push(item);
      start = page.LastEvaluatedKey;
    } while (start);
    return rows.sort((a, b) => a.from.localeCompare(b.from));
  }

  /** Which parameters the query rows of each path use (query.ts); undefined when the table has no index. */
  async queryIndex(): Promise<QueryIndex | undefined> {
    return readQueryIndex(await this.get(QUERY_INDEX_KEY));
  }

  async putQueryIndex(index: QueryIndex, updatedAt: string): Promise<void> {
    await this.put({ ...queryIndexItem(index), updatedAt });
  }

  async put(row: object): Promise<void> {
    await this.client.send(new PutCommand({ TableName: this.name, Item: row as Record<string, unknown> }));
  }

  async delete(from: string): Promise<boolean> {
    const result = await this.client.send(new DeleteCommand({ TableName: this.name, Key: { from }, ReturnValues: "ALL_OLD" }));
    return result.Attributes !== undefined;
  }

  /** Writes rows 25 at a time, retrying whatever DynamoDB leaves unprocessed, with backoff. */
  async putMany(rows: readonly object[], maxAttempts = 8): Promise<void> {
    await this.writeMany(
      rows.map((Item) => ({ PutRequest: { Item: Item as Record<string, unknown> } })),
      maxAttempts,
    );
  }

  /** Restores keys to what they were: the old item put back, or the key deleted where there was none. */
  async restore(keys: readonly string[], before: ReadonlyMap<string, StoredItem>): Promise<void> {
    await this.writeMany(keys.map((from) => (before.has(from) ? { PutRequest: { Item: before.get(from)! } } : { DeleteRequest: { Key: { from } } })));
  }

  /**
   * Batches of 25 (DynamoDB's limit), unprocessed requests retried with backoff. On a failure,
   * throws a BatchWriteError naming the keys written and those of the failed batch, so the caller
   * can put them back.
   */
  private async writeMany(requests: readonly WriteRequest[], maxAttempts = 8): Promise<void> {
    const done: string[] = [];
    for (let i = 0; i < requests.length; i += 25) {
      let pending = requests.slice(i, i + 25);
      try {
        for (let attempt = 1; pending.length > 0; attempt++) {
          if (attempt > maxAttempts) throw new Error(`DynamoDB left ${pending.length} rows unprocessed after ${maxAttempts} attempts`);
          if (attempt > 1) await sleep(Math.min(2000, 50 * 2 ** attempt));
          const result = await this.client.send(new BatchWriteCommand({ RequestItems: { [this.name]: pending } }));
          pending = (result.UnprocessedItems?.[this.name] ?? []) as WriteRequest[];
        }
      } catch (error) {
        throw new BatchWriteError(error as Error, done, requests.slice(i, i + 25).map(keyOf));
      }
      done.push(...requests.slice(i, i + 25).map(keyOf));
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
