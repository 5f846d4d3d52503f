import { InvalidPageScreen } from "@/components/errors/NotFoundScreen";

/** A /blog/{slug} whose slug is not a post: the page's validity check failed. */
export default function BlogPostNotFound() {
  return <InvalidPageScreen />;
}
