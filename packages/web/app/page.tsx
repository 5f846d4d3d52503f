import { Markdown } from "@/components/content/Markdown";
import { IntroVideo } from "@/components/home/IntroVideo";
import { PostList } from "@/components/blog/PostList";
import { Picture } from "@/components/media/Picture";
import { StructuredData } from "@/components/seo/StructuredData";
import { ServiceCards } from "@/components/services/ServiceCards";
import { content, site } from "@/lib/content";
import { availabilityNote } from "@/lib/content/facts";
import { coreServices } from "@/lib/content/queries";
import { routeFor } from "@/lib/routes";
import { metadataFor } from "@/lib/seo/metadata";
import styles from "./home.module.css";

export const metadata = metadataFor("/");

export default function HomePage() {
  const page = routeFor("/");
  const home = content.pages.index;
  const hero = home?.meta.image ? content.images[home.meta.image] : undefined;
  const { contact } = site;
  return (
    <>
      <StructuredData path="/" />
      <section className={styles.hero} aria-labelledby="home-heading">
        <div className={`container ${styles.heroGrid}`}>
          <div>
            <p className="eyebrow">{site.tagline}</p>
            <h1 id="home-heading">{page.heading}</h1>
            <p className="lead">{page.description}</p>
            <p className={styles.status} data-accepting={site.acceptingNewClients}>
              <span aria-hidden="true" className={styles.dot} />
              {availabilityNote(site)}
            </p>
            <div className={styles.actions}>
              <a className="button" href={contact.bookingUrl} rel="noopener">
                {contact.bookingLabel}
              </a>
              <a className="button button--quiet" href={`tel:${contact.phone.replace(/-/g, "")}`}>
                Call {contact.phoneDisplay}
              </a>
            </div>
          </div>
          {hero && (
            <Picture
              asset={hero}
              alt={home?.meta.imageAlt ?? ""}
              sizes="(min-width: 64rem) 34rem, calc(100vw - 2rem)"
              priority
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
          {home && <Markdown doc={home.body} className="prose" />}
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
