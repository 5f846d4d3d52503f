import { InvalidPageScreen } from "@/components/errors/NotFoundScreen";

/** A /services/... path whose service, location or variation does not exist. */
export default function ServiceNotFound() {
  return <InvalidPageScreen />;
}
