import { Markdown } from "@/components/content/Markdown";
import { IntroVideo } from "@/components/home/IntroVideo";
import { PostList } from "@/components/blog/PostList";
import { Picture } from "@/components/media/Picture";
import { StructuredData } from "@/components/seo/StructuredData";
import { ServiceCards } from "@/components/services/ServiceCards";
import { content, site } from "@/lib/content";
import { ContactActions } from "@/components/practice/ContactActions";
import { availabilityNote } from "@/lib/content/facts";
import { helpBand } from "@/lib/content/help-band";
import { coreServices } from "@/lib/content/queries";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";
import styles from "./home.module.css";

const page = contentPage("index", { shows: ["video"] });

export const metadata = metadataFor(page);

/**
 * Where the hero image is in the first screen: beside the text in the two-column layout (from
 * 64rem), and on tablets, where the text above it takes at most about 47rem. On a phone it follows
 * the text and the buttons, under the first screen, so it is not preloaded there.
 */
const HERO_IN_FIRST_SCREEN = "(min-width: 64rem), (min-width: 37.5rem) and (min-height: 50rem)";

export default function HomePage() {
  const { route, doc: home } = page;
  const hero = home.meta.image ? content.images[home.meta.image] : undefined;
  return (
    <>
      <StructuredData page={page} />
      <section className={styles.hero} aria-labelledby="home-heading">
        <div className={`container ${styles.heroGrid}`}>
          <div>
            <p className="eyebrow">{site.tagline}</p>
            <h1 id="home-heading">{route.heading}</h1>
            <p className="lead">{route.description}</p>
            <p className={styles.status} data-accepting={site.acceptingNewClients}>
              <span aria-hidden="true" className={styles.dot} />
              {availabilityNote(site)}
            </p>
            <div className={styles.actions}>
              <ContactActions help={helpBand(site)} />
            </div>
          </div>
          {hero && (
            <Picture
              asset={hero}
              alt={home.meta.imageAlt ?? ""}
              sizes="(min-width: 64rem) 34rem, calc(100vw - 2rem)"
              priority={HERO_IN_FIRST_SCREEN}
              className={styles.heroImage}
            />
          )}
        </div>
      </section>

      <section className="section" aria-labelledby="services-heading">
        <div className="container">
          <h2 id="services-heading" className={styles.sectionHeading}>
            How we can work together
          </h2>
          <ServiceCards
            items={coreServices().map((service) => ({
              href: service.path,
              title: service.meta.breadcrumb,
              summary: service.meta.summary,
            }))}
          />
        </div>
      </section>

      <section className="section section--tint">
        <div className={`container ${styles.bodyGrid}`}>
          <Markdown doc={home.body} className="prose" />
          <IntroVideo />
        </div>
      </section>

      {content.posts.length > 0 && (
        <section className="section" aria-labelledby="posts-heading">
          <div className="container">
            <h2 id="posts-heading" className={styles.sectionHeading}>
              From the blog
            </h2>
            <PostList posts={content.posts.slice(0, 3)} headingLevel={3} />
          </div>
        </section>
      )}
    </>
  );
}
