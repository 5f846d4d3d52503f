import { describe, expect, it } from "vitest";
import { describeFailure } from "./failure";

/** Errors shaped as the AWS SDK hands them over (seen from @smithy/node-http-handler and DynamoDB). */
const withFields = (error: Error, fields: Record<string, unknown>) => Object.assign(error, fields);

describe("describeFailure", () => {
  it("says the table could not be reached only for connection errors and timeouts", () => {
    const refused = withFields(new Error("connect ECONNREFUSED 127.0.0.1:8210"), { code: "ECONNREFUSED", syscall: "connect", $metadata: { attempts: 3 } });
    const timeout = withFields(new Error("a request has exceeded the configured 5000 ms requestTimeout."), { name: "TimeoutError", code: "ETIMEDOUT", $metadata: {} });
    const hangUp = withFields(new Error("socket hang up"), { name: "TimeoutError", code: "ECONNRESET" });
    const dns = withFields(new Error("getaddrinfo ENOTFOUND dynamodb.example"), { code: "ENOTFOUND", syscall: "getaddrinfo" });
    expect(describeFailure(refused, "redirects-local")).toBe("Could not reach the redirects table redirects-local: connect ECONNREFUSED 127.0.0.1:8210");
    expect(describeFailure(timeout, "t")).toBe("Could not reach the redirects table t: a request has exceeded the configured 5000 ms requestTimeout.");
    expect(describeFailure(hangUp, "t")).toBe("Could not reach the redirects table t: socket hang up");
    expect(describeFailure(dns, "t")).toBe("Could not reach the redirects table t: getaddrinfo ENOTFOUND dynamodb.example");
  });

  it("names an error the table answered with as the table's answer", () => {
    const missing = withFields(new Error("Requested resource not found"), { name: "ResourceNotFoundException", $fault: "client", $metadata: { httpStatusCode: 400 } });
    expect(describeFailure(missing, "redirects-prod")).toBe("The redirects table redirects-prod refused the request: ResourceNotFoundException: Requested resource not found");
  });

  it("reports an internal error as itself, with its stack, never as an unreachable table", () => {
    const overflow = new RangeError("Maximum call stack size exceeded");
    overflow.stack = "RangeError: Maximum call stack size exceeded\n    at table (format.ts:18:48)";
    expect(describeFailure(overflow, "t")).toBe(
      "pnpm redirects failed (an error in the command itself, not the table): RangeError: Maximum call stack size exceeded\n    at table (format.ts:18:48)",
    );
    const typo = new TypeError("Cannot read properties of undefined (reading 'length')");
    typo.stack = undefined;
    expect(describeFailure(typo, "t")).toBe("pnpm redirects failed (an error in the command itself, not the table): TypeError: Cannot read properties of undefined (reading 'length')");
    expect(describeFailure("a thrown string", "t")).toBe("pnpm redirects failed (an error in the command itself, not the table): a thrown string");
  });

  it("reports a file the command could not write as that, not as the table", () => {
    const noDir = withFields(new Error("ENOENT: no such file or directory, open '/gone/backup.csv'"), { code: "ENOENT", syscall: "open", path: "/gone/backup.csv" });
    expect(describeFailure(noDir, "t")).toBe("ENOENT: no such file or directory, open '/gone/backup.csv'");
  });
});
