import { answerBeacon } from "@/lib/visits";

/** The visit counter's beacon (lib/visits.ts): POST only; Next answers any other method 405. */
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return answerBeacon(request);
}
