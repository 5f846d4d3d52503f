import { site } from "@/lib/content";
import { helpBand } from "@/lib/content/help-band";
import { HelpBandView } from "./HelpBandView";

/**
 * The same way to get help, in the same place, on every page (WCAG 2.2, 3.2.6 Consistent Help):
 * the booking link and the phone number, just above the footer.
 */
export function HelpBand() {
  return <HelpBandView help={helpBand(site)} />;
}
