import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { Picture } from "@/components/media/Picture";
import { content, site } from "@/lib/content";
import { metadataFor } from "@/lib/seo/metadata";

export const metadata = metadataFor("/about-me");

export default function AboutPage() {
  const { therapist } = site;
  const portrait = content.images[therapist.photo];
  return (
    <MarkdownPage
      pageKey="about-me"
      aside={
        <aside style={{ display: "grid", gap: "var(--space-5)" }}>
          {portrait && (
            <Picture asset={portrait} alt={therapist.photoAlt} sizes="(min-width: 48rem) 24rem, calc(100vw - 2rem)" priority />
          )}
          <div className="card">
            <h2 style={{ marginTop: 0, fontSize: "1.3rem" }}>
              {therapist.name}, {therapist.credentials}
            </h2>
            <dl className="facts" style={{ gridTemplateColumns: "1fr" }}>
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
          </div>
        </aside>
      }
    />
  );
}
