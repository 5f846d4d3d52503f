import { describe, expect, it } from "vitest";
import { launchOptions } from "./launch-options";

describe("what pnpm start and pnpm dev are told", () => {
  // arguments, environment → where the site listens
  const CASES: [string[], Record<string, string>, { mode: string; port: string; hostname: string }][] = [
    [["start"], {}, { mode: "start", port: "3000", hostname: "127.0.0.1" }],
    [["dev", "--port", "3001"], {}, { mode: "dev", port: "3001", hostname: "127.0.0.1" }],
    [["dev", "-p", "3002"], { PORT: "4000" }, { mode: "dev", port: "3002", hostname: "127.0.0.1" }],
    [["start"], { PORT: "4000", HOST: "::1" }, { mode: "start", port: "4000", hostname: "::1" }],
    [["start", "--hostname", "0.0.0.0", "--port=8080"], {}, { mode: "start", port: "8080", hostname: "0.0.0.0" }],
    [["dev", "-H", "localhost"], {}, { mode: "dev", port: "3000", hostname: "localhost" }],
  ];
  for (const [argv, env, expected] of CASES) {
    it(`${argv.join(" ")} ${JSON.stringify(env)} → ${expected.hostname}:${expected.port}`, () => {
      expect(launchOptions(argv, env)).toEqual(expected);
    });
  }

  // arguments → the message
  const REFUSED: [string[], string][] = [
    [["dev", "--turbo"], "Unknown option '--turbo': pnpm start and pnpm dev take --port N and --hostname H (or PORT and HOST)"],
    [["dev", "--port"], "Option '-p, --port <value>' argument missing: pnpm start and pnpm dev take --port N and --hostname H (or PORT and HOST)"],
    [["dev", "--port", "next"], 'the port must be a number from 1 to 65535, not "next"'],
    [["start", "--port", "0"], 'the port must be a number from 1 to 65535, not "0"'],
    [["start", "--port", "00"], 'the port must be a number from 1 to 65535, not "00"'],
    [["start", "--port", "65536"], 'the port must be a number from 1 to 65535, not "65536"'],
    [["start", "--port", "3001", "--port", "3002"], "--port given 2 times (3001, 3002): give it once"],
    [["start", "-p", "3001", "--port=3001"], "--port given 2 times (3001, 3001): give it once"],
    [["dev", "--hostname", "127.0.0.1", "-H", "0.0.0.0"], "--hostname given 2 times (127.0.0.1, 0.0.0.0): give it once"],
    [["dev", "3001"], 'unexpected argument "3001": pnpm start and pnpm dev take --port N and --hostname H'],
  ];
  it("refuses PORT=0 too", () => {
    expect(() => launchOptions(["start"], { PORT: "0" })).toThrow('the port must be a number from 1 to 65535, not "0"');
  });

  for (const [argv, message] of REFUSED) {
    it(`refuses ${argv.join(" ")}`, () => {
      expect(() => launchOptions(argv, {})).toThrow(message);
    });
  }
});
