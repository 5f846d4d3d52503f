import { content } from "@/lib/content";
import { Markdown } from "../content/Markdown";

/** The No Surprises Act notice for uninsured and self-pay clients, shown prominently on rates. */
export function GoodFaithEstimate() {
  const notice = content.notices["good-faith-estimate"];
  if (!notice) return null;
  return (
    <section className="notice" aria-labelledby="good-faith-estimate" id="good-faith-estimate-notice">
      <h2 id="good-faith-estimate">{notice.meta.title}</h2>
      <Markdown doc={notice.body} className="prose" />
    </section>
  );
}
