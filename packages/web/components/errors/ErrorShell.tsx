import type { ReactNode } from "react";
import type { HelpContent } from "@/lib/content/help";
import { HelpBandView } from "../layout/HelpBandView";
import { BookingDescription } from "../practice/BookingLink";
import footerStyles from "../layout/SiteFooter.module.css";
import headerStyles from "../layout/SiteHeader.module.css";

/**
 * The site's frame for the root error page, which replaces the whole document: the brand, the
 * page's content, the same help band as every page and the crisis notice (WCAG 3.2.6).
 */
export function ErrorShell({ help, children }: { help: HelpContent; children: ReactNode }) {
  return (
    <>
      <header className={headerStyles.header}>
        <div className={`container ${headerStyles.bar}`}>
          {/* A full page load: the root layout itself failed. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className={headerStyles.brand}>
            <span className={headerStyles.mark} aria-hidden="true" />
            <span className={headerStyles.name}>{help.siteName}</span>
          </a>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <HelpBandView help={help} />
      <footer className={footerStyles.footer}>
        <div className="container">
          {help.crisis && (
            <section className={footerStyles.crisis} aria-labelledby="crisis-heading">
              <h2 id="crisis-heading">{help.crisis.title}</h2>
              {/* Rendered at build time by the site's markdown renderer (lib/content/help.ts). */}
              <div dangerouslySetInnerHTML={{ __html: help.crisis.html }} />
            </section>
          )}
        </div>
      </footer>
      <BookingDescription />
    </>
  );
}
