import styles from "./ErrorScreen.module.css";

/** Longer paths are cut: the message names the address, it never reproduces a long text from it. */
const MAX_SHOWN = 100;

/**
 * A requested path, shown as an address and never as the site's words: as it was sent (its
 * percent-encoding kept, so `/Your%20appointment%20is…` cannot read as a sentence), in code type,
 * on one line cut with an ellipsis.
 */
export function PathText({ path }: { path: string }) {
  const shown = path.length > MAX_SHOWN ? `${path.slice(0, MAX_SHOWN)}…` : path;
  return (
    <code className={styles.path} translate="no">
      {shown}
    </code>
  );
}
