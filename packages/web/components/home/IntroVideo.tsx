import { content, site } from "@/lib/content";
import { CaptionedVideo } from "./CaptionedVideo";
import styles from "./IntroVideo.module.css";

/** The vertical intro video (306x545 preview). Nothing but the poster downloads until the reader presses play. */
export function IntroVideo() {
  const { video } = site;
  if (!video) return null;
  const file = content.media[video.file];
  const poster = content.media[video.poster];
  const captions = content.media[video.captions];
  if (!file || !poster) return null;
  return (
    <figure className={styles.figure}>
      <CaptionedVideo
        className={styles.video}
        controls
        playsInline
        poster={poster.url}
        width={video.width}
        height={video.height}
        aria-describedby="intro-video-caption"
        src={file.url}
        type="video/mp4"
        captions={captions?.url}
      />
      <figcaption id="intro-video-caption" className={styles.caption}>
        <strong>{video.title}</strong>
        <details>
          <summary>Read the transcript</summary>
          <p>{video.transcript}</p>
        </details>
      </figcaption>
    </figure>
  );
}
