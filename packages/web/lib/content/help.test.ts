import { describe, expect, it } from "vitest";
import { helpContent } from "./help";
import { compileMarkdown } from "../content-compiler/markdown";
import type { Content } from "./types";

const site = {
  siteName: "Example Counseling",
  acceptingNewClients: true,
  acceptingNote: "Taking new clients.",
  waitlistNote: "Waitlist only.",
  contact: {
    phone: "+1-206-555-0142",
    phoneDisplay: "(206) 555-0142",
    email: "hello@example.com",
    bookingUrl: "https://booking.example.com/x",
    bookingLabel: "Book a call",
    callReaches: "the front desk",
    replyWithin: "a day",
    responseTime: "I reply within a day.",
  },
} as Content["site"];

const notice = (source: string) => ({ key: "crisis", meta: { title: "If you are in crisis", lastUpdated: "2026-01-01" }, body: compileMarkdown(source) });

describe("the root error page's help", () => {
  it("carries the help band and the crisis notice as the site's markdown renderer writes it, its call and text links kept", () => {
    const help = helpContent({
      site,
      notices: { crisis: notice("[Call **988**](tel:988) or [text **988**](sms:988), or chat at [988lifeline.org](https://988lifeline.org). See [the contact page](/contact).") },
    });
    expect(help).toEqual({
      siteName: "Example Counseling",
      note: "Taking new clients. I reply within a day.",
      bookingUrl: "https://booking.example.com/x",
      bookingLabel: "Book a call",
      phoneHref: "tel:+12065550142",
      phoneDisplay: "(206) 555-0142",
      callNote: "The front desk, replies within a day",
      crisis: {
        title: "If you are in crisis",
        html: '<p><a href="tel:988">Call <strong>988</strong></a> or <a href="sms:988">text <strong>988</strong></a>, or chat at <a href="https://988lifeline.org" rel="noopener">988lifeline.org</a>. See <a href="/contact">the contact page</a>.</p>',
      },
    });
  });

  it("has no crisis notice when the content has none", () => {
    expect(helpContent({ site, notices: {} }).crisis).toBeUndefined();
  });
});
