import { categories } from "@/lib/content/queries";
import { TagManagerClient } from "./TagManagerClient";

/** The tag manager and page views; nothing at all (no request to Google) without a container id. */
export function TagManager({ gtmId }: { gtmId: string }) {
  if (!gtmId) return null;
  return <TagManagerClient gtmId={gtmId} categories={categories()} />;
}
