import { describe, expect, it } from "vitest";
import { assertCleanLog, type ColdSample, coldFigures, readColdSample } from "./coldstart";

describe("readColdSample", () => {
  it("reads the invoker's @invocation line among the handler's own output, and counts the S3 reads that found a file", () => {
    const stdout = ['{"event":"miss","path":"/nope"}', '@invocation {"importMs":412.5,"ms":88.25,"status":308,"headers":{"location":"/contact"}}', "done"].join("\n");
    const stderr = ["[s3] GET cache/abc/contact.cache 200", "[s3] GET cache/abc/missing.cache 404", "[s3] GET cache/abc/contact.meta 200", "other line"].join("\n");
    expect(readColdSample(stdout, stderr)).toEqual({ ms: 500.75, importMs: 412.5, requestMs: 88.25, status: 308, location: "/contact", s3Hits: 2, stderr });
  });

  it("is undefined when the process printed no answer", () => {
    expect(readColdSample("Error: boom\n", "")).toBeUndefined();
  });
});

describe("assertCleanLog", () => {
  it("stops the bench when the function tried to leave the machine", () => {
    expect(() => assertCleanLog("page", { stderr: "[s3] refused https://sts.amazonaws.com\n" })).toThrow("coldstart (page): the function tried to reach https://sts.amazonaws.com; nothing may leave the machine");
  });

  it("stops the bench when the redirect lookup did not read the table", () => {
    expect(() => assertCleanLog("legacy", { stderr: "[redirects] lookup for /old took longer than 150 ms\n" })).toThrow("coldstart (legacy): the redirect lookup did not read the table: [redirects] lookup for /old took longer than 150 ms");
  });

  it("lets a clean log through", () => {
    expect(() => assertCleanLog("page", { stderr: "[s3] GET cache/a 200\n[redirects] table linked\n" })).not.toThrow();
  });
});

describe("coldFigures", () => {
  const sample = (ms: number, importMs: number): ColdSample => ({ ms, importMs, requestMs: ms - importMs, status: 200, location: undefined, s3Hits: 1, stderr: "" });

  it("gives median, range, quartiles and the parts of seven samples, rounded to the millisecond", () => {
    const samples = [sample(820.4, 700), sample(790.2, 690), sample(1010, 800), sample(805.5, 705), sample(799, 699), sample(812.6, 712), sample(2300, 1900)];
    expect(coldFigures(samples)).toEqual({
      medianMs: 813,
      minMs: 790,
      maxMs: 2300,
      p25Ms: 799,
      p75Ms: 1010,
      importMedianMs: 705,
      firstRequestMedianMs: 101,
      samplesMs: [820, 790, 1010, 806, 799, 813, 2300],
      status: 200,
      s3CacheReads: 1,
    });
  });
});
