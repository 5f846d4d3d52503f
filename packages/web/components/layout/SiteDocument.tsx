import type { ReactNode } from "react";
import { sans, serif } from "@/app/fonts";
import { HelpBand } from "./HelpBand";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";
import "@/app/globals.css";

/** The default layout of every page, the 404 included: header with navigation, main, consistent help, footer. */
export function SiteDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={`${sans.variable} ${serif.variable}`}>
      <body>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <HelpBand />
        <SiteFooter />
      </body>
    </html>
  );
}
