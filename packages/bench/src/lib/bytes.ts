/** Sizes as the figures give them: KB, and the bytes a document takes gzipped or Brotli-compressed. */
import { brotliCompressSync, gzipSync } from "node:zlib";
import { round } from "./stats";

export const kb = (bytes: number): number => round(bytes / 1024, 1);
/** Gzip at level 9, the transfer every HTML and JS figure is given in. */
export const gzipBytes = (buffer: Buffer): number => gzipSync(buffer, { level: 9 }).length;
/** Bytes as the deployed server function sends them to a browser that accepts Brotli (Node's defaults: quality 11, 4 MB window). */
export const brotliBytes = (buffer: Buffer): number => brotliCompressSync(buffer).length;
