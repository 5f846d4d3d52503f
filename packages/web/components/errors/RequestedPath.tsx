"use client";
import { usePathname } from "next/navigation";
import { PathText } from "./PathText";

/**
 * The path a 404 is about. Validity-check 404s are rendered on demand, so the server already
 * knows the real path here, and static pages embedding this boundary stay static.
 */
export function RequestedPath() {
  return <PathText path={usePathname()} />;
}
