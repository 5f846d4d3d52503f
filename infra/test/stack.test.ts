import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SECURITY_HEADERS } from "../../packages/web/lib/security-headers";
import { BLOG_TRAILING_SLASH_INJECTION } from "../edge/blog-trailing-slash";
import { SECURITY_HEADERS_INJECTION } from "../edge/security-headers";
import { ofType, planStage, root, type StackPlan } from "./run-harness";

const plans: Record<string, StackPlan> = {};

beforeAll(async () => {
  const [dev, production] = await Promise.all([planStage("dev"), planStage("production")]);
  plans.dev = dev;
  plans.production = production;
}, 240_000);

const plan = (stage: "dev" | "production") => plans[stage] as StackPlan;

describe.each(["dev", "production"] as const)("the %s stage", (stage) => {
  it("has one DynamoDB table keyed on `from`, billed on demand", () => {
    const tables = ofType(plan(stage), "aws:dynamodb/table:Table");
    expect(tables).toHaveLength(1);
    expect(tables[0]?.inputs).toMatchObject({ hashKey: "from", billingMode: "PAY_PER_REQUEST", attributes: [{ name: "from", type: "S" }] });
    expect(tables[0]?.inputs.pointInTimeRecovery).toEqual({ enabled: stage === "production" });
  });

  it("runs the CloudFront function of infra/edge as the distribution's viewer-request handler", () => {
    const functions = ofType(plan(stage), "aws:cloudfront/function:Function").filter((fn) => !fn.name.endsWith("Response"));
    expect(functions).toHaveLength(1);
    const cfFunction = functions[0]!;
    expect(cfFunction.inputs.runtime).toBe("cloudfront-js-2.0");
    expect(cfFunction.inputs.code).toContain(BLOG_TRAILING_SLASH_INJECTION);
    expect(Buffer.byteLength(String(cfFunction.inputs.code))).toBeLessThan(10 * 1024);
    const [distribution] = ofType(plan(stage), "aws:cloudfront/distribution:Distribution");
    const associations = (distribution?.inputs.defaultCacheBehavior as { functionAssociations: { eventType: string; functionArn: string }[] }).functionAssociations;
    expect(associations).toContainEqual({ eventType: "viewer-request", functionArn: `arn:aws:mock:us-west-2:123456789012:${cfFunction.name}` });
  });

  it("adds the site's security headers to every response at the edge (viewer-response), S3's files included", () => {
    const functions = ofType(plan(stage), "aws:cloudfront/function:Function").filter((fn) => fn.name.endsWith("Response"));
    expect(functions).toHaveLength(1);
    const cfFunction = functions[0]!;
    expect(cfFunction.inputs.runtime).toBe("cloudfront-js-2.0");
    expect(cfFunction.inputs.code).toContain(SECURITY_HEADERS_INJECTION);
    for (const { value } of SECURITY_HEADERS) expect(String(cfFunction.inputs.code)).toContain(JSON.stringify(value));
    expect(Buffer.byteLength(String(cfFunction.inputs.code))).toBeLessThan(10 * 1024);
    const [distribution] = ofType(plan(stage), "aws:cloudfront/distribution:Distribution");
    const associations = (distribution?.inputs.defaultCacheBehavior as { functionAssociations: { eventType: string; functionArn: string }[] }).functionAssociations;
    expect(associations).toContainEqual({ eventType: "viewer-response", functionArn: `arn:aws:mock:us-west-2:123456789012:${cfFunction.name}` });
  });

  it("creates no revalidation queue or revalidation Lambda (nothing on this static site revalidates)", () => {
    expect(ofType(plan(stage), "aws:sqs/queue:Queue")).toEqual([]);
    expect(ofType(plan(stage), "aws:lambda/function:Function").map((fn) => fn.name).filter((name) => /revalidat/i.test(name))).toEqual([]);
  });

  it("links the server function to the table: its name in the function's environment, DynamoDB allowed on it", () => {
    const [table] = ofType(plan(stage), "aws:dynamodb/table:Table");
    const server = ofType(plan(stage), "aws:lambda/function:Function").find((fn) => fn.name.startsWith("WebServer"));
    expect(server, "the server function").toBeDefined();
    // SST puts linked resources in an encrypted file the environment points to (resource.enc,
    // read by `Resource` from sst/resource); the CLI writes it from the links of this build.
    const variables = (server?.inputs.environment as { variables: Record<string, string> }).variables;
    expect(variables.SST_KEY_FILE).toBe("resource.enc");
    const build = plan(stage).builds.find((candidate) => candidate.functionID.startsWith("WebServer"));
    expect(build?.links.Redirects?.name).toBe(table?.inputs.name);
    expect(build?.links.Redirects?.type).toMatch(/sst\.aws\.Dynamo$/);
    expect(server?.inputs).toMatchObject({ runtime: "nodejs22.x", architectures: ["arm64"], memorySize: stage === "production" ? 1536 : 1024 });
    const policies = ofType(plan(stage), "aws:iam/role:Role")
      .filter((role) => role.name.startsWith("WebServer"))
      .map((role) => JSON.stringify(role.inputs.inlinePolicies));
    expect(policies.join()).toContain("dynamodb:*");
    expect(policies.join()).toContain(`arn:aws:mock:us-west-2:123456789012:RedirectsTable`);
  });

  it(stage === "production" ? "retains and protects its resources" : "is removed whole", () => {
    const production = stage === "production";
    expect(plan(stage).settings).toMatchObject({ removal: production ? "retain" : "remove", protect: production });
    expect(plan(stage).outputs._protect).toBe(production);
    // SST retains stateful resources on "retain": here, the redirects table (the owner's data).
    const [table] = ofType(plan(stage), "aws:dynamodb/table:Table");
    expect(table?.retainOnDelete).toBe(production);
  });
});

describe("the region", () => {
  it("is the same for the app and for the redirects CLI's default (a deployed table lives there)", async () => {
    const config = await readFile(path.join(root, "sst.config.ts"), "utf8");
    const { APP_REGION } = await import("../../packages/redirects/src/config");
    expect(/region: "([a-z0-9-]+)"/.exec(config)?.[1]).toBe(APP_REGION);
  });
});

describe("versions", () => {
  it("pins OpenNext to the version the web package builds with, and sst exactly", async () => {
    const web = JSON.parse(await readFile(path.join(root, "packages/web/package.json"), "utf8"));
    const rootPackage = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
    const infraWeb = await readFile(path.join(root, "infra/web.ts"), "utf8");
    const pinned = /OPEN_NEXT_VERSION = "([\d.]+)"/.exec(infraWeb)?.[1];
    expect(web.devDependencies["@opennextjs/aws"]).toBe(pinned);
    expect(rootPackage.devDependencies.sst).toMatch(/^\d+\.\d+\.\d+$/);
    // SST builds with the same script as `pnpm build:lambda`, which runs the pinned OpenNext.
    const builds = ofType(plan("dev"), "command:local:Command").map((command) => String(command.inputs.create));
    expect(builds).toContain("pnpm build:lambda");
    expect(web.scripts["build:lambda"]).toMatch(/^open-next build\b/);
  });
});
