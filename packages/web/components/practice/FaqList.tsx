import { content } from "@/lib/content";
import { Markdown } from "../content/Markdown";
import styles from "./FaqList.module.css";
import { OpenLinkedAnswer } from "./OpenLinkedAnswer";

/**
 * Every question from content/faqs.md, questions first: each is the <summary> of a native
 * <details> (so it opens without JavaScript) and its answer follows inside, in the DOM (the FAQ
 * structured data carries the same text; Google reads answers inside <details>). The browser opens
 * a closed answer itself for find-in-page; a link to a question opens its answer through
 * OpenLinkedAnswer.
 */
export function FaqList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Group = headingLevel === 2 ? "h2" : "h3";
  const Question = headingLevel === 2 ? "h3" : "h4";
  return (
    <div className={styles.faq}>
      <OpenLinkedAnswer />
      {content.faq.groups.map((group) => (
        <section key={group.id} aria-labelledby={`faq-${group.id}`} className={styles.group}>
          <Group id={`faq-${group.id}`}>{group.title}</Group>
          {group.items.map((item) => (
            <details key={item.id} className={styles.item}>
              <summary className={styles.summary}>
                <Question id={item.id} className={styles.question}>
                  {item.question}
                </Question>
                <span aria-hidden="true" className={styles.chevron} />
              </summary>
              <Markdown doc={{ hast: item.answer }} className={`prose ${styles.answer}`} />
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
