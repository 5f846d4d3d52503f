import { content } from "@/lib/content";
import { Markdown } from "../content/Markdown";
import styles from "./FaqList.module.css";

/** Every question and answer from content/faqs.md, as visible text (the FAQ structured data uses the same). */
export function FaqList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Group = headingLevel === 2 ? "h2" : "h3";
  const Question = headingLevel === 2 ? "h3" : "h4";
  return (
    <div className={styles.faq}>
      {content.faq.groups.map((group) => (
        <section key={group.id} aria-labelledby={`faq-${group.id}`}>
          <Group id={`faq-${group.id}`}>{group.title}</Group>
          {group.items.map((item) => (
            <div key={item.id} className={styles.item}>
              <Question id={item.id} className={styles.question}>
                {item.question}
              </Question>
              <Markdown doc={{ hast: item.answer }} className="prose" />
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
