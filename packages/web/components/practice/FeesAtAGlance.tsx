import { site } from "@/lib/content";
import { usd } from "@/lib/content/facts";

/**
 * The rates page's lead: the weekly fees and the free consultation in one sentence, so the first
 * screen of a small phone already answers "what does it cost" (the tables follow).
 */
export function FeesAtAGlance() {
  const { sessions, consultation } = site.fees;
  return (
    <p className="lead">
      Couples sessions are {usd(sessions.couplesTherapy.amount)} ({sessions.couplesTherapy.minutes} minutes) and individual sessions{" "}
      {usd(sessions.individualTherapy.amount)} ({sessions.individualTherapy.minutes} minutes); the first {consultation.minutes}-minute
      consultation is free.
    </p>
  );
}
