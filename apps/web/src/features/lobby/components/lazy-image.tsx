import { useEffect, useRef, useState } from 'react';
import { useImageSrc } from '../../../lib/delivery';

/** Lazy images load at 10 % visibility and retry once before the default icon. */
const THRESHOLD = 0.1;
const MAX_RETRIES = 1;

type LazyImageProps = { src: string; alt: string; width: number; height: number; className?: string };

/** The default icon a game image falls back to. */
export function DefaultGameIcon({ width, height }: { width: number; height: number }) {
  return (
    <svg
      className="lazy-image__fallback"
      width={width}
      height={height}
      viewBox="0 0 64 64"
      aria-hidden="true"
      data-testid="game-image-fallback"
    >
      <rect width="64" height="64" rx="10" fill="var(--color-surface-3)" />
      <path
        d="M20 26h24a6 6 0 0 1 6 6v4a6 6 0 0 1-10.6 3.8L37 37H27l-2.4 2.8A6 6 0 0 1 14 36v-4a6 6 0 0 1 6-6z"
        fill="none"
        stroke="var(--color-text-subtle)"
        strokeWidth="2.5"
      />
      <path d="M24 30v6M21 33h6" stroke="var(--color-text-subtle)" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="40" cy="31" r="1.8" fill="var(--color-text-subtle)" />
      <circle cx="43" cy="35" r="1.8" fill="var(--color-text-subtle)" />
    </svg>
  );
}

/**
 * An image that starts loading only when 10 % of it is visible, retries once on error, then
 * shows the default game icon. Width and height are fixed so nothing moves while it loads.
 */
export function LazyImage({ src: path, alt, width, height, className }: LazyImageProps) {
  const holder = useRef<HTMLSpanElement>(null);
  // On the tab's picture CDN when the operator set any.
  const src = useImageSrc(path);
  // Without IntersectionObserver (old browsers) every image loads at once.
  const [isVisible, setIsVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const [attempt, setAttempt] = useState(0);
  const [isLoaded, setIsLoaded] = useState(false);
  const hasFailed = attempt > MAX_RETRIES;

  useEffect(() => {
    const node = holder.current;
    if (!node || isVisible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setIsVisible(true);
          observer.disconnect();
        }
      },
      { threshold: THRESHOLD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [isVisible]);

  // A retry must not hit the browser's cached failure: add the attempt to the URL.
  const url = attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
  return (
    <span
      ref={holder}
      className={`lazy-image${isLoaded ? ' is-loaded' : ''}${className ? ` ${className}` : ''}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {hasFailed ? (
        <DefaultGameIcon width={width} height={height} />
      ) : isVisible ? (
        <img
          key={url}
          src={url}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          onLoad={() => setIsLoaded(true)}
          onError={() => setAttempt((a) => a + 1)}
        />
      ) : null}
    </span>
  );
}
