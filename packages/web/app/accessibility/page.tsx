import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("accessibility");

export const metadata = metadataFor(page);

/** The accessibility statement (WCAG 2.2 AA, how it is tested, known limits, how to report a barrier), linked from every footer. */
export default function AccessibilityPage() {
  return <MarkdownPage page={page} />;
}
