import { describe, expect, it } from "vitest";
import { readme } from "../testing/readme";
import { LIVE } from "./live";

describe("when a change is live", () => {
  it("the README quotes the start of each line the CLI prints, as it prints it", async () => {
    const quoted = [...(await readme()).matchAll(/`(Live[^`]*) …`/g)].map((match) => match[1]!);
    expect(quoted).toHaveLength(Object.keys(LIVE).length);
    for (const line of Object.values(LIVE)) expect(quoted.filter((start) => line.startsWith(start)), line).toHaveLength(1);
  });
});
