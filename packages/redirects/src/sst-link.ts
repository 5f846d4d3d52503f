/**
 * The link file SST's CLI writes into a deployed function's bundle (`resource.enc`, AES-256-GCM
 * under the key it passes as SST_KEY), which SST's `Resource` reads back (config.ts). `pnpm preview`
 * (infra/preview/lambda.ts) and the cold-start bench write one as SST does, so the function finds
 * its table and CDN the way it does in AWS.
 */
import { createCipheriv, randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";

/** Writes `links` as `dir`/resource.enc; returns the key (SST_KEY) that opens it. */
export async function writeLinkFile(dir: string, links: Record<string, unknown>): Promise<string> {
  const key = randomBytes(32);
  const cipher = createCipheriv("aes-256-gcm", key, Buffer.alloc(12, 0));
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(links)), cipher.final(), cipher.getAuthTag()]);
  await writeFile(path.join(dir, "resource.enc"), encrypted);
  return key.toString("base64");
}
