import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { compileContent, ContentError } from "./compile";
import { frontMatter, siteConfigSource, fixtureDirsForEachTest } from "./testing/fixture";

const run = promisify(execFile);
const webDir = path.resolve(import.meta.dirname, "../..");

const dirs = fixtureDirsForEachTest();

async function problemsFor(options: { today?: string } = {}): Promise<string> {
  try {
    await compileContent({ contentDir: dirs.content, publicDir: dirs.public, ...options });
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  throw new Error("expected the content to be rejected");
}

async function edit(file: string, change: (text: string) => string) {
  const full = path.join(dirs.content, file);
  await writeFile(full, change(await readFile(full, "utf8")));
}

describe("compileContent", () => {
  it("compiles a valid tree into pages, services, cities, posts, FAQs and images", async () => {
    const content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public });
    expect(Object.keys(content.pages)).toContain("ratesAndInsurance");
    expect(content.services.map((s) => s.path)).toEqual([
      "/services/couplesTherapy",
      "/services/individualTherapy",
      "/services/marathonCouplesTherapy",
    ]);
    expect(content.locationServices.map((p) => p.path)).toContain("/services/seattle/marathonCouplesTherapy");
    expect(content.posts[0]?.excerpt).toMatch(/^Couples often arrive/);
    expect(content.faq.groups[0]?.items[0]?.question).toBe("How long is a session?");
    const image = content.images["/images/blog-kites.jpg"];
    expect(image?.avif.length).toBeGreaterThan(0);
    expect(image?.webp.at(-1)?.url).toMatch(/^\/generated\/img\/blog-kites-[0-9a-f]{10}-\d+\.webp$/);
  });

  it("names the file and field of a wrong date", async () => {
    await edit("blog/a-first-post.md", (text) => text.replace('date: "2026-04-01"', 'date: "next tuesday"'));
    expect(await problemsFor()).toContain('content/blog/a-first-post.md: field "date": must be a date like 2024-05-01');
  });

  it("names a missing required field", async () => {
    await edit("blog/a-first-post.md", (text) => text.replace(/^imageAlt: .*\n/m, ""));
    expect(await problemsFor()).toContain('content/blog/a-first-post.md: field "imageAlt" is missing: add a line like imageAlt: "…" to the front matter');
  });

  it("credits a post to the therapist in the site config unless it names them", async () => {
    await edit("blog/a-first-post.md", (text) => text.replace(/^author: .*\n/m, ""));
    const content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public });
    expect(content.posts[0]?.meta.author).toBe(`${content.site.therapist.name}, ${content.site.therapist.credentials}`);
    await edit("blog/a-first-post.md", (text) => text.replace("title:", 'author: "Someone Else"\ntitle:'));
    expect(await problemsFor()).toContain('content/blog/a-first-post.md: field "author": must be the therapist in content/site.config.ts');
  });

  it("rejects a field the schema does not know, so typos are caught", async () => {
    await edit("pages/contact.md", (text) => text.replace("title:", "titel: \"Oops\"\ntitle:"));
    expect(await problemsFor()).toMatch(/content\/pages\/contact\.md: .*titel/);
  });

  it("rejects a post whose lastUpdated is before its date", async () => {
    await edit("blog/a-first-post.md", (text) => text.replace('date: "2026-04-01"', 'date: "2026-04-01"\nlastUpdated: "2026-01-01"'));
    expect(await problemsFor()).toContain('content/blog/a-first-post.md: field "lastUpdated": must not be earlier than date');
  });

  it("reports YAML that does not parse", async () => {
    await edit("pages/policies.md", (text) => text.replace("keywords:", "keywords: [unclosed\nx:"));
    expect(await problemsFor()).toContain("content/pages/policies.md: front matter is not valid YAML");
  });

  it("reports a missing required page and a missing city variation", async () => {
    await rm(path.join(dirs.content, "pages/FAQPage.md"));
    await rm(path.join(dirs.content, "services/seattle/individualTherapy.md"));
    const message = await problemsFor();
    expect(message).toContain("content/pages/FAQPage.md: is missing");
    expect(message).toContain("content/services/seattle/individualTherapy.md: is missing");
  });

  it("rejects a city folder that is not a location in the site config", async () => {
    await writeFile(path.join(dirs.content, "services/redmond.md"), frontMatter({ title: "x" }));
    await run("mkdir", ["-p", path.join(dirs.content, "services/redmond")]);
    expect(await problemsFor()).toContain("content/services/redmond: is not a location in content/site.config.ts");
  });

  it("rejects an image that does not exist and a link to a page that does not exist", async () => {
    await edit("blog/a-first-post.md", (text) => text.replace("## A section", "## A section\n\n![Gone](/images/gone.jpg) [old](/old-page)"));
    const message = await problemsFor();
    expect(message).toContain("content/blog/a-first-post.md: field \"body\": image /images/gone.jpg does not exist in content/images");
    expect(message).toContain("content/blog/a-first-post.md: links to /old-page, which is not a page of the site");
  });

  it("rejects an unknown {{token}}", async () => {
    await edit("pages/about-me.md", (text) => `${text}\nCall {{phoneNumber}}.\n`);
    expect(await problemsFor()).toContain("content/pages/about-me.md: uses {{phoneNumber}}, which is not a known fact");
  });

  it("fills hours, office and city tokens, and tokens inside the site config's own text", async () => {
    await edit("pages/about-me.md", (text) => `${text}\nIn person {{hours.inPerson}}; video until {{hours.telehealth.closes}}. {{travel.seattle}}\n`);
    const content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public });
    const { site } = content;
    // Written by hand from the fixture's config (testing/site-config.ts): in person Monday-Thursday
    // 09:00-17:00, telehealth until 20:00, 48 hours' notice, Seattle's travel note.
    expect(content.pages["about-me"]?.body.text).toContain("In person Monday to Thursday, 9 am to 5 pm; video until 8 pm. The office is a five-minute walk from Westlake station.");
    expect(site.fees.cancellation.note).toBe("Sessions canceled with less than 48 hours' notice are charged the full fee.");
    expect(site.inPersonPolicy).toBe("Sessions are in person at the downtown Seattle office (Monday to Thursday, 9 am to 5 pm) or by telehealth (Monday to Friday, 8 am to 8 pm).");
    expect(JSON.stringify(site)).not.toMatch(/\{\{/);
  });

  it("fills known tokens from the site config", async () => {
    await edit("pages/about-me.md", (text) => `${text}\nCouples sessions are {{minutes.couplesTherapy}} minutes at {{fee.couplesTherapy}}.\n`);
    const content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public });
    expect(content.pages["about-me"]?.body.text).toContain("Couples sessions are 80 minutes at $210.");
  });

  it("names an unknown {{token}} in the site config's text", async () => {
    await writeFile(path.join(dirs.content, "site.config.ts"), siteConfigSource('waitlistNote: "Full until {{reopening}}."'));
    expect(await problemsFor()).toContain('site.config.ts: field "waitlistNote": uses {{reopening}}, which is not a known fact');
  });

  it("names a wrong site config field", async () => {
    await writeFile(path.join(dirs.content, "site.config.ts"), siteConfigSource('contact: { ...base.contact, phone: "206 555 0142" }'));
    expect(await problemsFor()).toContain('site.config.ts: field "contact.phone": must be written like +1-206-555-0142');
  });

  it("never runs front matter written in another language, and names each file", async () => {
    const marker = path.join(dirs.public, "front-matter-ran");
    const code = `{ title: (globalThis.frontMatterRan = true, require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran"), "Contact") }`;
    const openers: Record<string, string> = {
      "pages/contact.md": "---js",
      "pages/policies.md": "---javascript",
      "pages/about-me.md": "---JS",
      "pages/sitemap.md": "---json",
      "pages/blog.md": "---coffee",
      "pages/services.md": "---toml",
    };
    for (const [file, opener] of Object.entries(openers)) await writeFile(path.join(dirs.content, file), `${opener}\n${code}\n---\n\nText.\n`);
    const message = await problemsFor();
    for (const [file, opener] of Object.entries(openers)) {
      expect(message).toContain(`content/${file}: front matter must be YAML (a first line of just ---), not "${opener}"`);
    }
    expect((globalThis as { frontMatterRan?: boolean }).frontMatterRan).toBeUndefined();
    await expect(readFile(marker, "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("reads YAML as plain data: no tags that make objects or run code, no prototype tricks", async () => {
    await edit("pages/contact.md", (text) => text.replace(/^title: .*$/m, "title: !!js/function 'function () { return 1 }'"));
    await edit("pages/policies.md", (text) => text.replace(/^title: .*$/m, "title: !!binary aGVsbG8="));
    await edit("pages/about-me.md", (text) => text.replace(/^lastUpdated: .*$/m, "lastUpdated: !!timestamp 2026-05-01"));
    await edit("pages/sitemap.md", (text) => text.replace("title:", "__proto__:\n  polluted: yes\ntitle:"));
    const message = await problemsFor();
    for (const file of ["contact", "policies", "about-me"]) {
      expect(message).toMatch(new RegExp(`content/pages/${file}\\.md: front matter is not valid YAML: Unresolved tag`));
    }
    expect(message).toMatch(/content\/pages\/sitemap\.md: Unrecognized key: "__proto__"/);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("refuses a date that is not on the calendar, quoted or not, naming the file and field", async () => {
    await edit("blog/a-first-post.md", (text) => text.replace('date: "2026-04-01"', "date: 2025-02-30"));
    await edit("pages/contact.md", (text) => text.replace(/^lastUpdated: .*$/m, 'lastUpdated: "2025-13-45"'));
    await edit("notices/crisis.md", (text) => text.replace(/^lastUpdated: .*$/m, "lastUpdated: 2026-02-29"));
    const message = await problemsFor();
    expect(message).toContain('content/blog/a-first-post.md: field "date": must be a real calendar date');
    expect(message).toContain('content/pages/contact.md: field "lastUpdated": must be a real calendar date');
    expect(message).toContain('content/notices/crisis.md: field "lastUpdated": must be a real calendar date');
  });

  it("keeps a leap day, and refuses dates after today in front matter and the site config", async () => {
    await edit("blog/a-first-post.md", (text) => text.replace('date: "2026-04-01"', "date: 2024-02-29"));
    await edit("pages/contact.md", (text) => text.replace(/^---\n/, "---yaml\n")); // YAML may say so
    let content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public, today: "2026-05-01" });
    expect(content.posts[0]?.meta.date).toBe("2024-02-29");
    expect(content.pages.contact?.meta.lastUpdated).toBe("2026-05-01"); // today itself is fine

    await edit("blog/a-first-post.md", (text) => text.replace("date: 2024-02-29", "date: 9999-12-31"));
    expect(await problemsFor()).toContain('content/blog/a-first-post.md: field "date": must not be in the future (9999-12-31 is after today');

    await edit("blog/a-first-post.md", (text) => text.replace("date: 9999-12-31", "date: 2026-04-01\nlastUpdated: 2026-05-02"));
    await writeFile(path.join(dirs.content, "site.config.ts"), siteConfigSource('video: { ...base.video, uploadDate: "2026-05-02" }'));
    const message = await problemsFor({ today: "2026-05-01" });
    expect(message).toContain('content/blog/a-first-post.md: field "lastUpdated": must not be in the future (2026-05-02 is after today, 2026-05-01)');
    expect(message).toContain('site.config.ts: field "video.uploadDate": must not be in the future (2026-05-02 is after today, 2026-05-01)');
    content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public, today: "2026-05-02" });
    expect(content.site.video?.uploadDate).toBe("2026-05-02");
  });

  it("refuses two spellings of one category, and a category with no letters, naming the files", async () => {
    const post = await readFile(path.join(dirs.content, "blog/a-first-post.md"), "utf8");
    await writeFile(path.join(dirs.content, "blog/a-second-post.md"), post.replace('["Couples Therapy"]', '["couples   therapy!", "Anxiety"]'));
    await writeFile(path.join(dirs.content, "blog/a-third-post.md"), post.replace('["Couples Therapy"]', '["!!!"]'));
    const message = await problemsFor();
    expect(message).toContain(
      'content/blog: one category written 2 ways (case, spaces and punctuation aside): "Couples Therapy" in content/blog/a-first-post.md; "couples   therapy!" in content/blog/a-second-post.md: write it the same way in every post',
    );
    expect(message.match(/one category written/g)).toHaveLength(1);
    expect(message).toContain('content/blog/a-third-post.md: field "categories": "!!!" needs a letter or a digit');
    expect(message).not.toContain("Anxiety");
  });

  it("refuses a canonical URL that is not on the site, naming the file and the field", async () => {
    await writeFile(path.join(dirs.content, "site.config.ts"), siteConfigSource('siteUrl: "https://www.cedar-sound.example"'));
    const post = (canonical: string) =>
      frontMatter({ title: "A post", description: "A description long enough for search engines to show under the title of this page.", date: "2026-04-01", categories: ["Couples Therapy"], image: "/images/blog-kites.jpg", imageAlt: "Two kites", canonical });
    const bad: Record<string, string> = {
      "protocol-relative": "//evil.example/x", // a browser reads it as https://evil.example/x
      backslash: "/\\evil.example/x", // and this one too
      "other-host": "https://evil.example/blog/a-post",
      "lookalike-host": "https://www.cedar-sound.example.evil.example/x",
      "user-at-host": "https://www.cedar-sound.example@evil.example/x",
      "plain-http": "http://www.cedar-sound.example/blog/a-post",
      script: "javascript:alert(1)",
      relative: "blog/a-post",
    };
    for (const [name, canonical] of Object.entries(bad)) await writeFile(path.join(dirs.content, `blog/${name}.md`), post(canonical));
    const message = await problemsFor();
    const notASitePath = 'must be a path on this site like /blog/my-post (one slash at the start), or an https:// URL on the site\'s own host';
    expect(message).toContain(`content/blog/protocol-relative.md: field "canonical": ${notASitePath}`);
    expect(message).toContain(`content/blog/backslash.md: field "canonical": ${notASitePath}`);
    expect(message).toContain(`content/blog/plain-http.md: field "canonical": ${notASitePath}`);
    expect(message).toContain(`content/blog/script.md: field "canonical": ${notASitePath}`);
    expect(message).toContain(`content/blog/relative.md: field "canonical": ${notASitePath}`);
    const host = (url: string) =>
      `field "canonical": ${url} is not on this site: a canonical URL must be on www.cedar-sound.example (siteUrl in content/site.config.ts), or a path like /blog/my-post`;
    expect(message).toContain(`content/blog/other-host.md: ${host("https://evil.example/blog/a-post")}`);
    expect(message).toContain(`content/blog/lookalike-host.md: ${host("https://www.cedar-sound.example.evil.example/x")}`);
    expect(message).toContain(`content/blog/user-at-host.md: ${host("https://www.cedar-sound.example@evil.example/x")}`);
    expect(message).not.toContain("a-first-post.md");
  });

  it("keeps a canonical that is a path on the site or an https URL on its own host", async () => {
    await edit("blog/a-first-post.md", (text) => text.replace("title:", 'canonical: "/blog/another-post"\ntitle:'));
    await writeFile(
      path.join(dirs.content, "blog/second-post.md"),
      frontMatter({ title: "A second post", description: "A description long enough for search engines to show under the title of this page.", date: "2026-04-02", categories: ["Couples Therapy"], image: "/images/blog-kites.jpg", imageAlt: "Two kites", canonical: "https://www.example.com/blog/second-post" }),
    );
    const content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public });
    expect(content.posts.map((post) => [post.slug, post.meta.canonical])).toEqual([
      ["second-post", "https://www.example.com/blog/second-post"],
      ["a-first-post", "/blog/another-post"],
    ]);
  });

  it("removes scripts and event handlers from authored HTML", async () => {
    await edit("pages/about-me.md", (text) => `${text}\n<p onclick="steal()">Hi<script>alert(1)</script></p>\n`);
    const content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public });
    const json = JSON.stringify(content.pages["about-me"]?.body.hast);
    expect(json).not.toContain("script");
    expect(json).not.toContain("onclick");
    expect(json).not.toContain("steal");
  });
});

describe("pnpm build", () => {
  it("stops at bad front matter with a message naming the file and the field", async () => {
    await edit("services/couplesTherapy.md", (text) => text.replace('service: "couplesTherapy"', 'service: "couplesTherapyy"'));
    const generatedDir = await mkdtemp(path.join(tmpdir(), "generated-"));
    // The package's real build script; it must stop at its content step, before `next build`.
    const result = await run("pnpm", ["run", "build"], {
      cwd: webDir,
      env: { ...process.env, CONTENT_DIR: dirs.content, GENERATED_DIR: generatedDir, BUILD_ID: "test" },
    }).then(
      () => ({ code: 0, stdout: "", stderr: "" }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('content/services/couplesTherapy.md: field "service": ');
    expect(result.stdout).not.toContain("Next.js"); // next build never started
  });
});
