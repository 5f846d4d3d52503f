import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { Picture } from "@/components/media/Picture";
import { content, site } from "@/lib/content";
import { therapistFullName } from "@/lib/content/facts";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";
import styles from "./about.module.css";

const page = contentPage("about-me");

export const metadata = metadataFor(page);

/** The therapist's photo comes first (people choose a therapist by face and fit), then the story. */
export default function AboutPage() {
  const { therapist } = site;
  const portrait = content.images[therapist.photo];
  return (
    <MarkdownPage
      page={page}
      figure={
        portrait && (
          <figure className={styles.portrait}>
            {/* In the first screen at every width, so it loads first. */}
            <Picture asset={portrait} alt={therapist.photoAlt} sizes="(min-width: 56rem) 24rem, 8rem" priority />
            <figcaption>
              <strong>{therapistFullName(therapist)}</strong>
              <span>{therapist.jobTitle}</span>
            </figcaption>
          </figure>
        )
      }
      aside={
        <section className="card" aria-labelledby="credentials">
          <h2 id="credentials" className={styles.cardHeading}>
            Credentials
          </h2>
          <dl className={`facts ${styles.facts}`}>
            <dt>License</dt>
            <dd>
              {therapist.licence.title}, {therapist.licence.state}, no. {therapist.licence.number}.{" "}
              <a href={therapist.licence.verifyUrl} rel="noopener">
                Verify with the {therapist.licence.issuer}
              </a>
            </dd>
            <dt>Education</dt>
            <dd>{therapist.education.join("; ")}</dd>
            <dt>Approaches</dt>
            <dd>{therapist.approaches.join(", ")}</dd>
            <dt>Languages</dt>
            <dd>{therapist.languages.join(" and ")}</dd>
          </dl>
        </section>
      }
    />
  );
}
