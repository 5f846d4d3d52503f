/** `content/site.config.ts`: the practice's facts, validated, with tokens in its own text filled in. */
import { pathToFileURL } from "node:url";
import { factTokens, fillConfigTokens } from "../../content/facts";
import { type SiteConfig, siteConfigSchema } from "../schema";
import { type ContentReader, isFile } from "./reader";

export async function loadSiteConfig(reader: ContentReader): Promise<SiteConfig | undefined> {
  const file = reader.path("site.config.ts");
  const display = reader.display(file);
  if (!(await isFile(file))) {
    reader.problems.add(display, "is missing");
    return undefined;
  }
  let site: SiteConfig;
  try {
    // A fresh import every time: `pnpm dev` recompiles in one process as the owner edits.
    const mod = (await import(`${pathToFileURL(file).href}?v=${Date.now()}`)) as { default?: unknown };
    const result = siteConfigSchema.safeParse(mod.default);
    if (!result.success) {
      reader.problems.addSchemaErrors(display, result.error, mod.default, "site config");
      return undefined;
    }
    const filled = fillConfigTokens(result.data);
    site = filled.site;
    for (const { field, name } of filled.unknown) {
      reader.problems.add(display, `uses {{${name}}}, which is not a known fact (see content/README.md)`, field);
    }
  } catch (error) {
    reader.problems.add(display, `could not be loaded: ${(error as Error).message}`);
    return undefined;
  }
  reader.checkDates(display, siteConfigSchema, site);
  reader.referImage(site.therapist.photo, display, "therapist.photo");
  reader.tokens = factTokens(site);
  return site;
}
