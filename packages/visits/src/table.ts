/**
 * Every read and write of the visits table (counts.ts says what an item is). The site adds to one
 * item per beacon, atomically (UpdateItem ADD: concurrent beacons never lose a count); the CLI
 * reads a day at a time. In AWS the table is infra/visits.ts; locally it lives in the embedded
 * store beside the redirects table (local.ts).
 */
import { CreateTableCommand } from "@aws-sdk/client-dynamodb";
import { QueryCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { DynamoTable } from "@practice/redirects";
import { COUNTERS, type Counter, type DayCounts, noCounts } from "./counts";
import { expiresAt } from "./day";
import { EXPIRY_ATTRIBUTE, VISITS_KEY } from "./definition";

export class VisitsTable extends DynamoTable {
  /** Adds to a day's counts for one page (creating the item, and its expiry, on the day's first). */
  async add(day: string, page: string, counts: Partial<Record<Counter, number>>): Promise<void> {
    const added = Object.entries(counts).filter(([, value]) => value);
    if (added.length === 0) return;
    const names: Record<string, string> = { "#expires": EXPIRY_ATTRIBUTE };
    const values: Record<string, number> = { ":expires": expiresAt(day) };
    added.forEach(([counter, value], index) => {
      names[`#c${index}`] = counter; // every name through a placeholder: DAY, TEXT and VIEWS are among DynamoDB's reserved words
      values[`:c${index}`] = value!;
    });
    await this.client.send(
      new UpdateCommand({
        TableName: this.name,
        Key: { [VISITS_KEY.hash]: day, [VISITS_KEY.range]: page },
        UpdateExpression: `ADD ${added.map((_, index) => `#c${index} :c${index}`).join(", ")} SET #expires = :expires`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }

  /**
   * A day's counts, page by page. Items past their expiry are left out: DynamoDB deletes expired
   * items within a few days, not at once, and the local store never does.
   */
  async day(day: string, now: Date): Promise<DayCounts[]> {
    const rows: DayCounts[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({ TableName: this.name, KeyConditionExpression: "#day = :day", ExpressionAttributeNames: { "#day": VISITS_KEY.hash }, ExpressionAttributeValues: { ":day": day }, ExclusiveStartKey: start }),
      );
      for (const item of page.Items ?? []) {
        const expires = item[EXPIRY_ATTRIBUTE];
        if (typeof expires === "number" && expires * 1000 <= now.getTime()) continue;
        const counts = noCounts();
        // Anyone with console access can write anything: a count that is not a whole number is 0.
        for (const counter of COUNTERS) counts[counter] = Number.isSafeInteger(item[counter]) && item[counter] > 0 ? item[counter] : 0;
        rows.push({ day, page: String(item[VISITS_KEY.range]), counts });
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return rows;
  }

  /** Every item as it is stored, each attribute as it is: what the tests of what is kept read. */
  async scan(): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new ScanCommand({ TableName: this.name, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) items.push(item);
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  }

  /** For the local store only; in AWS the table is created by the infrastructure (infra/visits.ts), with its TTL. */
  async create(): Promise<void> {
    await this.client.send(
      new CreateTableCommand({
        TableName: this.name,
        KeySchema: [
          { AttributeName: VISITS_KEY.hash, KeyType: "HASH" },
          { AttributeName: VISITS_KEY.range, KeyType: "RANGE" },
        ],
        AttributeDefinitions: [
          { AttributeName: VISITS_KEY.hash, AttributeType: "S" },
          { AttributeName: VISITS_KEY.range, AttributeType: "S" },
        ],
        BillingMode: "PAY_PER_REQUEST",
      }),
    );
  }
}
