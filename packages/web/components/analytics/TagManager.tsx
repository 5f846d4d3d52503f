import { categories } from "@/lib/content/queries";
import { ConsentControls } from "./ConsentControls";
import { TagManagerClient } from "./TagManagerClient";

/**
 * The tag manager (once analytics is granted), page views and the analytics choice's buttons;
 * nothing at all (no request to Google, no choice) without a container id.
 */
export function TagManager({ gtmId }: { gtmId: string }) {
  if (!gtmId) return null;
  return (
    <>
      <ConsentControls />
      <TagManagerClient gtmId={gtmId} categories={categories()} />
    </>
  );
}
