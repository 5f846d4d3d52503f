/** `content/site.config.ts`: the practice's facts, validated, with tokens in its own text filled in. */
import { readFile } from "node:fs/promises";
import { factTokens, fillConfigTokens } from "../../content/facts";
import { type SiteConfig, siteConfigSchema } from "../schema";
import { ConfigModuleError, importConfigModule } from "./config-module";
import { type ContentReader, isFile } from "./reader";

export async function loadSiteConfig(reader: ContentReader): Promise<SiteConfig | undefined> {
  const file = reader.path("site.config.ts");
  const display = reader.display(file);
  if (!(await isFile(file))) {
    reader.problems.add(display, "is missing");
    return undefined;
  }
  let exported: unknown;
  try {
    exported = await importConfigModule(file, await readFile(file, "utf8"));
  } catch (error) {
    reader.problems.add(display, error instanceof ConfigModuleError ? error.message : `could not be loaded: ${(error as Error).message}`);
    return undefined;
  }
  const result = siteConfigSchema.safeParse(exported);
  if (!result.success) {
    reader.problems.addSchemaErrors(display, result.error, exported, "site config");
    return undefined;
  }
  const filled = fillConfigTokens(result.data);
  const site = filled.site;
  for (const { field, name } of filled.unknown) {
    reader.problems.add(display, `uses {{${name}}}, which is not a known fact (see content/README.md)`, field);
  }
  reader.checkDates(display, siteConfigSchema, site);
  reader.referImage(site.therapist.photo, display, "therapist.photo");
  reader.tokens = factTokens(site);
  return site;
}
