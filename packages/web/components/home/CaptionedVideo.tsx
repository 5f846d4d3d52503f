"use client";
import { type ComponentProps, useState } from "react";

type Props = Omit<ComponentProps<"video">, "children" | "onPlay" | "preload"> & { src: string; type: string; captions?: string };

/**
 * A video that downloads nothing until the reader presses play, its captions included: a `default`
 * text track is fetched as soon as the page loads, even with `preload="none"`, so the track is only
 * added (and shown) once playback starts.
 */
export function CaptionedVideo({ src, type, captions, ...video }: Props) {
  const [playing, setPlaying] = useState(false);
  return (
    <video {...video} preload="none" onPlay={() => setPlaying(true)}>
      <source src={src} type={type} />
      {playing && captions && <track kind="captions" src={captions} srcLang="en" label="English" default />}
    </video>
  );
}
