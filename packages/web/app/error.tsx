"use client";
import { ErrorScreen } from "@/components/errors/ErrorScreen";
import { useEffect } from "react";

export default function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const code = (error as { statusCode?: number } | null)?.statusCode ?? 500;
  const message = error instanceof Error ? error.message : String(error);
  return <ErrorScreen heading={`Something went wrong (${code})`} message={message} />;
}
