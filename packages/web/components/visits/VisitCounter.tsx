"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { countView, watchVisit } from "@/lib/client/visit-beacon";

/**
 * Counts each page view and each tap on Call, Text, Book or 988 (lib/client/visit-beacon.ts):
 * before and without the analytics choice, under Global Privacy Control too, since it keeps nothing
 * that identifies anyone. Renders nothing.
 */
export function VisitCounter({ phoneDigits, bookingUrl }: { phoneDigits: string; bookingUrl: string }) {
  const path = usePathname();
  const category = useSearchParams().get("category");
  useEffect(() => countView(path, category), [path, category]);
  useEffect(() => watchVisit(phoneDigits, bookingUrl), [phoneDigits, bookingUrl]);
  return null;
}
