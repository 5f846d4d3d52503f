/** `content/notices/*.md`: the crisis line in every footer, the Good Faith Estimate on rates. */
import { noticeFrontMatterSchema } from "../schema";
import type { NoticeContent } from "../../content/types";
import { type ContentReader, isFile, toDoc } from "./reader";

export const REQUIRED_NOTICES = ["crisis", "good-faith-estimate"] as const;

export async function loadNotices(reader: ContentReader): Promise<Record<string, NoticeContent>> {
  const notices: Record<string, NoticeContent> = {};
  for (const key of REQUIRED_NOTICES) {
    const file = reader.path("notices", `${key}.md`);
    if (!(await isFile(file))) {
      reader.problems.add(reader.display(file), "is missing");
      continue;
    }
    const source = await reader.markdown(file, noticeFrontMatterSchema);
    if (source) notices[key] = { key, meta: source.data, body: toDoc(source.body) };
  }
  return notices;
}
