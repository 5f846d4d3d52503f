import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileContent } from "../content-compiler/compile";
import { fixtureDirsForEachTest, siteConfigSource } from "../content-compiler/testing/fixture";
import type { Content } from "../content/types";
import { buildRegistry } from "../routes/registry";
import type { SitePage } from "../routes/page";
import { buildGraph } from "./structured-data";

const dirs = fixtureDirsForEachTest();

/** The fixture practice, its config changed by `overrides` (TypeScript object entries). */
async function compiled(overrides = ""): Promise<Content> {
  await writeFile(path.join(dirs.content, "site.config.ts"), siteConfigSource(overrides));
  return compileContent({ contentDir: dirs.content, publicDir: dirs.public, assets: "describe" });
}

/** The home page's graph, as a page of the site renders it. */
function homeGraph(content: Content) {
  const registry = buildRegistry(content);
  const home = registry.find((entry) => entry.path === "/")!;
  const page: SitePage = { route: home, trail: [home] };
  return buildGraph(content, page)["@graph"] as unknown as Record<string, unknown>[];
}

/** Every "@type" anywhere in the graph, nested nodes included. */
function typesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(typesIn);
  if (!value || typeof value !== "object") return [];
  const node = value as Record<string, unknown>;
  return [...[node["@type"] ?? []].flat().map(String), ...Object.values(node).flatMap(typesIn)];
}

const practiceOf = (graph: Record<string, unknown>[]) => graph.find((node) => [node["@type"]].flat().includes("MedicalBusiness"))!;

describe("the client review in the structured data", () => {
  it("is left out entirely when the config has none: no Review, no AggregateRating, no reference to one", async () => {
    const graph = homeGraph(await compiled("sampleReview: undefined"));
    const types = typesIn(graph);
    expect(types).toContain("MedicalBusiness");
    expect(types).not.toContain("Review");
    expect(types).not.toContain("AggregateRating");
    const practice = practiceOf(graph);
    expect(practice).not.toHaveProperty("review");
    expect(practice).not.toHaveProperty("aggregateRating");
    expect(JSON.stringify(graph)).not.toContain("#review");
  });

  it("is published as the owner wrote it when the config has one, referred to by the practice", async () => {
    const graph = homeGraph(await compiled('sampleReview: { rating: 4, body: "Calm and direct.", datePublished: "2026-03-02" }'));
    expect(graph.filter((node) => node["@type"] === "Review")).toEqual([
      {
        "@type": "Review",
        "@id": "https://www.example.com/#review",
        itemReviewed: { "@id": "https://www.example.com/#practice" },
        reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
        author: { "@type": "Person", name: "Anonymous client" },
        reviewBody: "Calm and direct.",
        datePublished: "2026-03-02",
      },
    ]);
    expect(practiceOf(graph).review).toEqual({ "@id": "https://www.example.com/#review" });
  });
});

describe("the intro video in the structured data", () => {
  it("is described on the home page when the config has one", async () => {
    const graph = homeGraph(await compiled());
    expect(graph.filter((node) => node["@type"] === "VideoObject").map((node) => node.name)).toEqual(["A short hello"]);
  });

  it("is left out, and the site builds, when the config has none", async () => {
    const content = await compiled("video: undefined");
    expect(content.media).toEqual({});
    const graph = homeGraph(content);
    expect(typesIn(graph)).not.toContain("VideoObject");
    expect(JSON.stringify(graph)).not.toContain("#intro-video");
  });
});
