"use client";
import { type ComponentProps, useRef } from "react";

type Props = Omit<ComponentProps<"video">, "children" | "onPlay" | "preload"> & { src: string; type: string; captions?: string };

/**
 * A video that downloads nothing until the reader presses play, its captions included. The
 * captions track is in the page's HTML (so the player offers it without JavaScript too), but not
 * as `default`: a default track is fetched as soon as the page loads, even with `preload="none"`.
 * The first play turns it on instead, which is when the browser fetches it.
 */
export function CaptionedVideo({ src, type, captions, ...video }: Props) {
  const started = useRef(false);
  return (
    <video
      {...video}
      preload="none"
      onPlay={(event) => {
        if (started.current) return;
        started.current = true;
        const track = event.currentTarget.textTracks[0];
        if (track?.mode === "disabled") track.mode = "showing";
      }}
    >
      <source src={src} type={type} />
      {captions && <track kind="captions" src={captions} srcLang="en" label="English" />}
    </video>
  );
}
